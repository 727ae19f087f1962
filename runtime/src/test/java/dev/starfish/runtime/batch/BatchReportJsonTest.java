package dev.starfish.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchReportJsonTest {

    @TempDir
    Path tmp;

    private final BatchItem a = BatchItem.of(Path.of("/m/a.hlo"), Path.of("/out"));
    private final BatchItem b = BatchItem.of(Path.of("/m/b.hlo"), Path.of("/out"));

    @Test
    void aWrittenReportReadsBackTheSame() {
        BatchReport report = new BatchReport("0.1.0", "slurm", "submit", Instant.parse("2026-01-02T03:04:05Z"), 1234, List.of(
                ModelOutcome.ok(a, 10, "hit").placedBy(new SlurmPlacement("9_1", 1, "node2", "COMPLETED", "None")),
                new ModelOutcome(b, ModelStatus.CANCELLED, OptionalInt.empty(), 0, "off", Optional.of("never ran\nsecond"),
                        Optional.empty())));
        Path file = tmp.resolve("r.json");
        BatchReportJson.write(file, report);
        BatchReport read = BatchReportJson.read(file);
        assertThat(read).isEqualTo(new BatchReport("0.1.0", "slurm", "submit", report.start(), 1234, List.of(
                report.models().get(0), report.models().get(1).withStatus(ModelStatus.CANCELLED, "never ran"))));
        assertThat(read.counts().get(ModelStatus.OK)).isEqualTo(1);
        assertThat(read.exitCode()).isEqualTo(1);
    }

    @Test
    void theWriteLeavesNoTemporaryFileAndReplacesAnOldReport() throws IOException {
        Path file = tmp.resolve("r.json");
        Files.writeString(file, "old");
        BatchReportJson.write(file, new BatchReport("0.1.0", "local", "h", Instant.EPOCH, 1, List.of(ModelOutcome.ok(a, 1, "off"))));
        assertThat(file).content().contains("\"format\" : \"starfish-batch-report\"");
        try (var files = Files.list(tmp)) {
            assertThat(files).containsExactly(file);
        }
    }

    /** A link planted at a guessable temporary name (the old one was {@code .NAME.PID.tmp}) is never written through. */
    @Test
    void aLinkPlantedAtTheTemporaryNameIsNotFollowed() throws IOException {
        Path victim = Files.writeString(tmp.resolve("victim"), "keep");
        Path file = tmp.resolve("r.json");
        Path planted = Files.createSymbolicLink(tmp.resolve(".r.json." + ProcessHandle.current().pid() + ".tmp"), victim);
        BatchReportJson.write(file, new BatchReport("0.1.0", "local", "h", Instant.EPOCH, 1, List.of(ModelOutcome.ok(a, 1, "off"))));
        assertThat(victim).content().isEqualTo("keep");
        assertThat(file).content().contains("\"format\" : \"starfish-batch-report\"");
        assertThat(Files.isSymbolicLink(planted)).isTrue();
        try (var files = Files.list(tmp)) {
            assertThat(files).as("no temporary file left").containsExactlyInAnyOrder(victim, file, planted);
        }
    }

    /** A link at the report's own name is replaced by the report, never followed. */
    @Test
    void aLinkAtTheReportsNameIsReplacedNotFollowed() throws IOException {
        Path victim = Files.writeString(tmp.resolve("victim"), "keep");
        Path file = Files.createSymbolicLink(tmp.resolve("r.json"), victim);
        BatchReportJson.write(file, new BatchReport("0.1.0", "local", "h", Instant.EPOCH, 1, List.of(ModelOutcome.ok(a, 1, "off"))));
        assertThat(victim).content().isEqualTo("keep");
        assertThat(Files.isSymbolicLink(file)).isFalse();
        assertThat(file).content().contains("starfish-batch-report");
    }

    @Test
    void aFileOfAnotherFormatIsRefusedNamingIt() throws IOException {
        Path file = Files.writeString(tmp.resolve("other.json"), "{\"format\":\"starfish-compile-record\"}");
        assertThatThrownBy(() -> BatchReportJson.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("batch report " + file + " is not a starfish-batch-report version 1");
        Path truncated = Files.writeString(tmp.resolve("cut.json"), "{\"format\":\"starfish-batch-rep");
        assertThatThrownBy(() -> BatchReportJson.read(truncated)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("batch report " + truncated + " is not readable JSON");
    }
}

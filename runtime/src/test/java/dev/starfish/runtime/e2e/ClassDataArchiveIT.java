package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data-sharing archive {@code lib/starfish.jsa}: the packaged driver starts from it, and
 * an archive that does not fit — made for another place, truncated, rewritten — is passed over
 * silently: the driver runs as without one and prints nothing more.
 */
class ClassDataArchiveIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path tmp;

    private static Map<String, String> classLog(Path file) {
        return Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + file);
    }

    private static boolean fromArchive(Path classLog) throws IOException {
        return Files.readAllLines(classLog).stream()
                .anyMatch(l -> l.contains("dev.starfish.runtime.cli.StarfishCli source: shared objects file"));
    }

    @Test
    void thePackagedDriverStartsFromItsArchive() throws IOException {
        assertThat(dist.home().resolve("lib/starfish.jsa")).isRegularFile();
        assertThat(dist.home().resolve("lib/starfish.jsa.key")).isRegularFile();
        Path log = tmp.resolve("classes.txt");
        AssembledDistribution.Run run = dist.run(tmp, classLog(log), "--version");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(fromArchive(log)).as("StarfishCli came from the archive").isTrue();
    }

    @Test
    void anArchiveThatDoesNotFitIsPassedOverSilently() throws Exception {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("moved"));
        Path log = tmp.resolve("classes.txt");
        AssembledDistribution.Run moved = copy.run(tmp, classLog(log), "jobs");
        assertThat(moved.exitCode()).as(moved.toString()).isZero();
        assertThat(moved.stderr()).as("an archive made for another place: no message").isEmpty();
        assertThat(fromArchive(log)).as("not used after a move").isFalse();

        Process remake = new ProcessBuilder(copy.home().resolve("bin/starfish-cds").toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("cds.txt").toFile()).start();
        assertThat(remake.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(remake.exitValue()).as(Files.readString(tmp.resolve("cds.txt"))).isZero();
        assertThat(copy.run(tmp, classLog(log), "--version").exitCode()).isZero();
        assertThat(fromArchive(log)).as("remade by bin/starfish-cds for the new place, used again").isTrue();

        Path archive = copy.home().resolve("lib/starfish.jsa");
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.WRITE)) {
            channel.truncate(100_000);
        }
        AssembledDistribution.Run truncated = copy.run(tmp, classLog(log), "jobs");
        assertThat(truncated.exitCode()).as("a truncated archive would crash HotSpot if mapped: " + truncated).isZero();
        assertThat(truncated.stderr()).isEmpty();
        assertThat(truncated.stdout()).contains("Frontend");
        assertThat(fromArchive(log)).isFalse();

        Files.writeString(archive, "not an archive");
        AssembledDistribution.Run garbage = copy.run(tmp, "--version");
        assertThat(garbage.exitCode()).as(garbage.toString()).isZero();
        assertThat(garbage.stderr()).isEmpty();
        assertThat(garbage.stdout()).startsWith("starfish ");
    }
}

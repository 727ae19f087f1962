package dev.starfish.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskReportMergeTest {

    @TempDir
    Path tmp;

    private final List<BatchItem> items = IntStream.range(0, 4)
            .mapToObj(i -> BatchItem.of(Path.of("/m/model" + i + ".hlo"), Path.of("/out"))).toList();

    private static BatchReport report(String host, ModelOutcome... outcomes) {
        return new BatchReport("0.1.0", "local", host, Instant.EPOCH, 5, List.of(outcomes));
    }

    private static SlurmTaskState done(String node) {
        return new SlurmTaskState("COMPLETED", "None", node, "0:0");
    }

    @Test
    void reportedOutcomesKeepTheirStatusInTheBatchOrderWithWhereSlurmRanThem() {
        SlurmManifest manifest = SlurmManifest.write(tmp, items, 2);
        Map<Integer, BatchReport> reports = Map.of(
                0, report("node1", ModelOutcome.ok(items.get(0), 10, "miss"), ModelOutcome.failed(items.get(2), 2, 3, "off", "bad")),
                1, report("node2", ModelOutcome.ok(items.get(1), 11, "hit"), ModelOutcome.ok(items.get(3), 12, "miss")));
        List<ModelOutcome> merged = TaskReportMerge.merge(items, "42", manifest,
                Map.of(0, new SlurmTaskState("FAILED", "NonZeroExitCode", "node1", "1:0"), 1, done("node2")), reports);
        assertThat(merged).extracting(ModelOutcome::item).containsExactlyElementsOf(items);
        assertThat(merged).extracting(ModelOutcome::status)
                .containsExactly(ModelStatus.OK, ModelStatus.OK, ModelStatus.FAILED, ModelStatus.OK);
        assertThat(merged.get(1).cache()).isEqualTo("hit");
        assertThat(merged.get(2).error()).contains("bad");
        assertThat(merged.get(2).slurm()).contains(new SlurmPlacement("42_0", 0, "node1", "FAILED", "NonZeroExitCode"));
        assertThat(merged.get(3).slurm().orElseThrow().node()).isEqualTo("node2");
    }

    @Test
    void aCancelledTaskShowsItsUnfinishedModelsAsCancelledWithSlurmsReason() {
        SlurmManifest manifest = SlurmManifest.write(tmp, items, 2);
        ModelOutcome interrupted = new ModelOutcome(items.get(2), ModelStatus.INTERRUPTED, java.util.OptionalInt.of(143),
                1, "off", java.util.Optional.of("compile interrupted (SIGTERM)"), java.util.Optional.empty());
        Map<Integer, BatchReport> reports = Map.of(0, report("node1", ModelOutcome.ok(items.get(0), 1, "off"), interrupted),
                1, report("node2", ModelOutcome.ok(items.get(1), 1, "off"), ModelOutcome.ok(items.get(3), 1, "off")));
        List<ModelOutcome> merged = TaskReportMerge.merge(items, "42", manifest,
                Map.of(0, new SlurmTaskState("CANCELLED", "None", "node1", "0:15"), 1, done("node2")), reports);
        assertThat(merged.get(0).status()).as("finished before the cancel").isEqualTo(ModelStatus.OK);
        assertThat(merged.get(2).status()).isEqualTo(ModelStatus.CANCELLED);
        assertThat(merged.get(2).error().orElseThrow()).startsWith("Slurm task 42_0 ended CANCELLED (reason None, exit 0:15)");
    }

    @Test
    void aTaskThatLeftNoReportFailsItsModelsPointingAtItsOutput() {
        SlurmManifest manifest = SlurmManifest.write(tmp, items, 2);
        List<ModelOutcome> merged = TaskReportMerge.merge(items, "42", manifest,
                Map.of(0, new SlurmTaskState("TIMEOUT", "TimeLimit", "node1", "0:15"), 1, done("node2")),
                Map.of(1, report("node2", ModelOutcome.ok(items.get(1), 1, "off"), ModelOutcome.ok(items.get(3), 1, "off"))));
        assertThat(merged.get(0).status()).isEqualTo(ModelStatus.FAILED);
        assertThat(merged.get(0).exitCode()).isEmpty();
        assertThat(merged.get(0).error().orElseThrow()).isEqualTo("Slurm task 42_0 ended TIMEOUT (reason TimeLimit, exit "
                + "0:15) before reporting this model; task output: " + tmp.resolve("task-0.out"));
    }

    @Test
    void aTaskSlurmForgotAndThatLeftNoReportIsFailedAsUnknown() {
        SlurmManifest manifest = SlurmManifest.write(tmp, items, 1);
        List<ModelOutcome> merged = TaskReportMerge.merge(items, "42", manifest, Map.of(), Map.of());
        assertThat(merged).allSatisfy(m -> {
            assertThat(m.status()).isEqualTo(ModelStatus.FAILED);
            assertThat(m.slurm().orElseThrow().state()).isEqualTo("UNKNOWN");
        });
    }
}

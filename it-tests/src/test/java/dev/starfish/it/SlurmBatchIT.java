package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Container.ExecResult;

/**
 * {@code starfish batch --executor slurm} on a real Slurm cluster ({@link SlurmCluster}: munge,
 * slurmctld and two slurmd nodes in containers): the batch is submitted from the controller as
 * one job array, its tasks run on both nodes over the shared directory, and the submitter
 * merges their reports into one. The distribution all nodes share carries a {@code walrus_driver}
 * in {@code private/} that holds any model named {@code held*} (for the {@code scancel} scenario)
 * and passes every other call to the shipped tool.
 */
@ContainerSuite
class SlurmBatchIT {

    @TempDir
    static Path tmp;

    private static SlurmCluster cluster;
    private static Path shared;

    @BeforeAll
    static void cluster() throws IOException, InterruptedException {
        Path dist = tmp.resolve("starfish");
        Process cp = new ProcessBuilder("cp", "-a", BuildOutputs.home().toString(), dist.toString()).inheritIO().start();
        assertThat(cp.waitFor()).isZero();
        shared = Files.createDirectories(tmp.resolve("shared"));
        Files.createDirectories(shared.resolve("gate"));
        Path tool = dist.resolve("starfish/bin/private/walrus_driver");
        Files.createDirectories(tool.getParent());
        Files.writeString(tool, "#!/bin/sh\n"
                + "# Test tool: holds a model named held* until Slurm cancels its task.\n"
                + "case \"$PWD\" in */held*.work/*)\n"
                + "  echo \"${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}\" > " + SlurmCluster.SHARED + "/gate/held.tmp\n"
                + "  mv " + SlurmCluster.SHARED + "/gate/held.tmp " + SlurmCluster.SHARED + "/gate/held\n"
                + "  while :; do sleep 1; done ;;\n"
                + "esac\n"
                + "exec " + SlurmCluster.HOME + "/starfish/bin/walrus_driver \"$@\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        cluster = SlurmCluster.start(dist, shared);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void twelveModelsSpreadOverBothNodesAndEveryOutputIsAVerifiedNeff() throws IOException {
        Path models = Files.createDirectories(shared.resolve("spread"));
        String mlp = Files.readString(example("mlp.hlo"));
        for (int i = 0; i < 12; i++) {
            Files.writeString(models.resolve(String.format("m%02d.hlo", i)), mlp.replace("constant(0)", "constant(0." + i + ")"));
        }
        ExecResult run = cluster.starfish("batch", "--executor", "slurm", "--slurm-tasks", "4", "spread",
                "--output-dir", "spread-out");
        assertThat(run.getExitCode()).as(describe(run)).isZero();
        assertThat(run.getStdout()).contains("Submitted 12 models as Slurm job array").contains("[12/12]")
                .contains("Batch of 12 models: 12 ok");
        JsonNode report = report(shared.resolve("spread-out/batch-report.json"));
        assertThat(report.path("executor").asText()).isEqualTo("slurm");
        Set<String> nodes = new TreeSet<>();
        for (JsonNode model : report.path("models")) {
            assertThat(model.path("status").asText()).as("%s", model).isEqualTo("ok");
            assertThat(model.path("slurm").path("state").asText()).isEqualTo("COMPLETED");
            nodes.add(model.path("slurm").path("node").asText());
            Path neff = onHost(model.path("output").asText());
            new NeffFile(neff.toString(), Files.readAllBytes(neff)).assertManifestMatchesContent();
        }
        assertThat(nodes).as("the array's tasks ran on both nodes").containsExactlyElementsOf(SlurmCluster.NODES);
    }

    @Test
    void identicalModelsOnTwoNodesAreCompiledOnceThroughTheSharedCache() throws IOException {
        Path models = Files.createDirectories(shared.resolve("twins"));
        Files.copy(example("mlp_large.hlo"), models.resolve("a.hlo"));
        Files.copy(example("mlp_large.hlo"), models.resolve("b.hlo"));
        ExecResult run = cluster.starfish("batch", "--executor", "slurm", "--slurm-tasks", "2", "--cache-dir",
                SlurmCluster.SHARED + "/cache", "twins", "--output-dir", "twins-out");
        assertThat(run.getExitCode()).as(describe(run)).isZero();
        JsonNode report = report(shared.resolve("twins-out/batch-report.json"));
        JsonNode a = model(report, "a.hlo");
        JsonNode b = model(report, "b.hlo");
        assertThat(List.of(a.path("cache").asText(), b.path("cache").asText()))
                .as("one task compiled, the other waited on the shared cache's lock and hit: %s", report)
                .containsExactlyInAnyOrder("miss", "hit");
        assertThat(Set.of(a.path("slurm").path("node").asText(), b.path("slurm").path("node").asText()))
                .as("the two tasks ran on the two nodes").containsExactlyInAnyOrderElementsOf(SlurmCluster.NODES);
        byte[] first = Files.readAllBytes(shared.resolve("twins-out/a.neff"));
        assertThat(Files.readAllBytes(shared.resolve("twins-out/b.neff"))).isEqualTo(first);
        new NeffFile("a.neff", first).assertManifestMatchesContent();
    }

    @Test
    void aModelThatFailsOnANodeIsReportedWithItsLog() throws IOException {
        Path models = Files.createDirectories(shared.resolve("mixed"));
        Files.copy(example("mlp.hlo"), models.resolve("good.hlo"));
        Files.copy(example("bad_shape.hlo"), models.resolve("bad_shape.hlo"));
        ExecResult run = cluster.starfish("batch", "--executor", "slurm", "--slurm-tasks", "2", "mixed");
        assertThat(run.getExitCode()).as(describe(run)).isEqualTo(1);
        assertThat(run.getStdout()).contains("bad_shape.hlo ... FAILED").contains("good.hlo ... ok");
        JsonNode bad = model(report(shared.resolve("batch-report.json")), "bad_shape.hlo");
        assertThat(bad.path("status").asText()).isEqualTo("failed");
        assertThat(bad.path("exit_code").asInt()).isEqualTo(2);
        assertThat(bad.path("error").asText()).contains("shape mismatch");
        assertThat(bad.path("slurm").path("state").asText()).as("the task exits 1 for its failed model").isEqualTo("FAILED");
        assertThat(SlurmCluster.NODES).contains(bad.path("slurm").path("node").asText());
        assertThat(onHost(bad.path("log").asText())).as("the model's log, written on the node").content()
                .contains("shape mismatch");
        assertThat(shared.resolve("mixed/good.neff")).isRegularFile();
    }

    @Test
    void aTaskCancelledWithScancelIsReportedAsCancelled() throws Exception {
        Path models = Files.createDirectories(shared.resolve("cancel"));
        Files.copy(example("mlp.hlo"), models.resolve("held.hlo"));
        Files.copy(example("mlp_two_heads.hlo"), models.resolve("other.hlo"));
        CompletableFuture<ExecResult> submitter = CompletableFuture.supplyAsync(() -> cluster.starfish("batch",
                "--executor", "slurm", "--slurm-tasks", "2", "cancel", "--output-dir", "cancel-out"));
        String task = awaitHeld();
        ExecResult cancel = cluster.onController("scancel " + task);
        assertThat(cancel.getExitCode()).as(describe(cancel)).isZero();
        ExecResult run = submitter.get(4, TimeUnit.MINUTES);
        assertThat(run.getExitCode()).as(describe(run)).isEqualTo(1);
        JsonNode report = report(shared.resolve("cancel-out/batch-report.json"));
        JsonNode held = model(report, "held.hlo");
        assertThat(held.path("status").asText()).as("%s", held).isEqualTo("cancelled");
        assertThat(held.path("slurm").path("state").asText()).isEqualTo("CANCELLED");
        assertThat(held.path("slurm").path("job_id").asText()).isEqualTo(task);
        assertThat(held.path("error").asText()).startsWith("Slurm task " + task + " ended CANCELLED");
        assertThat(shared.resolve("cancel-out/held.neff")).doesNotExist();
        assertThat(model(report, "other.hlo").path("status").asText()).isEqualTo("ok");
        assertThat(shared.resolve("cancel-out/other.neff")).isRegularFile();
    }

    @Test
    void anUnknownPartitionIsSbatchsOwnLine() throws IOException {
        Path models = Files.createDirectories(shared.resolve("partition"));
        Files.copy(example("mlp.hlo"), models.resolve("m.hlo"));
        ExecResult run = cluster.starfish("batch", "--executor", "slurm", "--slurm-partition", "nope", "partition",
                "--output-dir", "partition-out");
        assertThat(run.getExitCode()).as(describe(run)).isEqualTo(1);
        assertThat(run.getStderr()).startsWith("starfish: error: sbatch refused the batch (exit 1): sbatch: error: ")
                .contains("partition").contains("command: sbatch --parsable --array=0-0");
        assertThat(shared.resolve("partition-out/m.neff")).doesNotExist();
        try (var files = Files.list(shared.resolve("partition-out"))) {
            assertThat(files).as("no batch directory is left for an array never submitted").isEmpty();
        }
    }

    /** Waits for the held tool's file naming its array task ({@code JOB_TASK}). */
    private static String awaitHeld() throws IOException, InterruptedException {
        Path gate = shared.resolve("gate");
        Path held = gate.resolve("held");
        try (WatchService watcher = gate.getFileSystem().newWatchService()) {
            gate.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(held)) {
                WatchKey key = watcher.poll(3, TimeUnit.MINUTES);
                assertThat(key).as("the held tool started on a node").isNotNull();
                key.pollEvents();
                key.reset();
            }
        }
        return Files.readString(held).trim();
    }

    private static Path example(String name) {
        return Path.of(System.getProperty("starfish.it.examples")).resolve(name);
    }

    /** A path of the shared directory as the containers name it, on this host. */
    private static Path onHost(String containerPath) {
        assertThat(containerPath).startsWith(SlurmCluster.SHARED + "/");
        return shared.resolve(containerPath.substring(SlurmCluster.SHARED.length() + 1));
    }

    private static JsonNode report(Path file) throws IOException {
        assertThat(file).as("the merged batch report").isRegularFile();
        return new ObjectMapper().readTree(file.toFile());
    }

    private static JsonNode model(JsonNode report, String fileName) {
        List<JsonNode> matches = new ArrayList<>();
        report.path("models").forEach(m -> {
            if (m.path("model").asText().endsWith("/" + fileName)) {
                matches.add(m);
            }
        });
        assertThat(matches).as("one entry for %s in %s", fileName, report).hasSize(1);
        return matches.get(0);
    }
}

package dev.starfish.runtime.e2e;

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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code starfish batch} driven through {@code bin/starfish}: many models in one driver, each
 * with its own work directory, log and status, one report; refusals before anything runs; and
 * an interrupted batch, held inside a tool the way {@link CompileGuardIT} holds a compile.
 */
class BatchIT {

    @TempDir
    Path tmp;

    private AssembledDistribution dist;
    private Path cwd;

    @BeforeEach
    void models() throws IOException {
        dist = AssembledDistribution.built();
        cwd = Files.createDirectories(tmp.resolve("cwd"));
        Files.createDirectories(cwd.resolve("models"));
        for (String name : List.of("mlp.hlo", "mlp_two_heads.hlo", "bad_shape.hlo", "reduce_softmax_like.hlo")) {
            Files.copy(dist.example(name), cwd.resolve("models").resolve(name));
        }
    }

    @Test
    void aFailingModelFailsTheBatchButNotTheOthers() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "batch", "--parallel", "2", "models", "--output-dir", "out");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        for (String good : List.of("mlp", "mlp_two_heads", "reduce_softmax_like")) {
            assertThat(cwd.resolve("out/" + good + ".neff")).as("%s compiled despite bad_shape", good).isRegularFile();
            assertThat(cwd.resolve("out/" + good + ".work/log-starfish.txt")).as("its own log").content()
                    .contains("Compiling " + cwd.resolve("models/" + good + ".hlo")).doesNotContain("bad_shape");
        }
        assertThat(cwd.resolve("out/bad_shape.neff")).doesNotExist();
        assertThat(run.stdout()).contains("bad_shape.hlo ... FAILED").contains("mlp.hlo ... ok")
                .contains("Batch of 4 models: 3 ok, 1 failed");
        JsonNode report = report(cwd.resolve("out/batch-report.json"));
        assertThat(report.path("counts").path("ok").asInt()).isEqualTo(3);
        JsonNode bad = model(report, "bad_shape.hlo");
        assertThat(bad.path("status").asText()).isEqualTo("failed");
        assertThat(bad.path("exit_code").asInt()).isEqualTo(2);
        assertThat(bad.path("error").asText()).contains("shape mismatch");
        assertThat(Path.of(bad.path("log").asText())).content().contains("shape mismatch");
    }

    @Test
    void theReportHoldsEveryDocumentedField() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "batch", "models/mlp.hlo");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode report = report(cwd.resolve("batch-report.json"));
        assertThat(report.path("format").asText()).isEqualTo("starfish-batch-report");
        assertThat(report.path("version").asInt()).isEqualTo(1);
        for (String field : List.of("driver_version", "executor", "host", "start", "wall_ms", "counts", "models")) {
            assertThat(report.has(field)).as("report field %s in %s", field, report).isTrue();
        }
        assertThat(report.path("executor").asText()).isEqualTo("local");
        JsonNode mlp = model(report, "mlp.hlo");
        for (String field : List.of("model", "status", "exit_code", "wall_ms", "cache", "output", "workdir", "log", "error")) {
            assertThat(mlp.has(field)).as("model field %s in %s", field, mlp).isTrue();
        }
        assertThat(mlp.path("status").asText()).isEqualTo("ok");
        assertThat(mlp.path("output").asText()).isEqualTo(cwd.resolve("models/mlp.neff").toString());
        assertThat(cwd.resolve("models/mlp.neff")).as("default output: next to the model").isRegularFile();
        assertThat(cwd.resolve("log-starfish.txt")).as("no latest-log link for a batch").doesNotExist();
    }

    @Test
    void theSameModelNamedTwiceIsCompiledOnce() throws IOException {
        Files.createSymbolicLink(cwd.resolve("link.hlo"), cwd.resolve("models/mlp.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "batch", "models/mlp.hlo", "models/../models/mlp.hlo",
                "--output-dir", "out");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(report(cwd.resolve("out/batch-report.json")).path("models")).hasSize(1);
        assertThat(run.stdout()).contains("[1/1]").doesNotContain("[2/");
    }

    @Test
    void identicalModelsUnderTwoNamesAreCompiledOnceThroughTheSharedCache() throws IOException {
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("models/mlp_copy.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "batch", "--parallel", "2", "--cache-dir", "cache",
                "models/mlp.hlo", "models/mlp_copy.hlo", "--output-dir", "out");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode report = report(cwd.resolve("out/batch-report.json"));
        assertThat(List.of(model(report, "mlp.hlo").path("cache").asText(), model(report, "mlp_copy.hlo").path("cache")
                .asText())).as("one compiled, the other served from the cache: %s", run).containsExactlyInAnyOrder("miss", "hit");
        assertThat(Files.readAllBytes(cwd.resolve("out/mlp_copy.neff"))).isEqualTo(Files.readAllBytes(cwd.resolve("out/mlp.neff")));
        assertThat(run.stdout()).contains("cache hit").contains("cache miss");
    }

    @Test
    void twoModelsWritingTheSameOutputAreRefusedBeforeAnythingRuns() throws IOException {
        Files.createDirectories(cwd.resolve("other"));
        Files.copy(dist.example("mlp_two_heads.hlo"), cwd.resolve("other/mlp.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "batch", "models/mlp.hlo", "other/mlp.hlo", "--output-dir", "out");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: models " + cwd.resolve("models/mlp.hlo") + " and "
                + cwd.resolve("other/mlp.hlo") + " would both write the output " + cwd.resolve("out/mlp.neff")
                + " (same name in one output directory); rename one or compile them into separate --output-dir "
                + "directories\n");
        assertThat(cwd.resolve("out")).doesNotExist();
    }

    @Test
    void aMissingModelIsAUsageError() {
        AssembledDistribution.Run run = dist.run(cwd, "batch", "models/mlp.hlo", "nowhere.hlo");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: model or directory not found: " + cwd.resolve("nowhere.hlo")
                + "; expected an HLO file or a directory of *.hlo\n");
        assertThat(cwd.resolve("models/mlp.neff")).doesNotExist();
    }

    @Test
    void badCountsAnUnknownExecutorAndADirectoryAsReportAreUsageErrors() throws IOException {
        assertThat(dist.run(cwd, "batch", "--parallel", "0", "models").stderr())
                .startsWith("starfish: error: --parallel expects a number of at least 1, found 0\n");
        AssembledDistribution.Run pbs = dist.run(cwd, "batch", "--executor", "pbs", "models");
        assertThat(pbs.exitCode()).isEqualTo(2);
        assertThat(pbs.stderr()).startsWith("starfish: error: invalid value for option '--executor': expected local or "
                + "slurm, found 'pbs'\n");
        Files.createDirectories(cwd.resolve("r.json"));
        AssembledDistribution.Run dir = dist.run(cwd, "batch", "--report", "r.json", "models/mlp.hlo");
        assertThat(dir.exitCode()).as("%s", dir).isEqualTo(2);
        assertThat(dir.stderr()).isEqualTo("starfish: error: report " + cwd.resolve("r.json")
                + " is a directory; give --report a file name\n");
        assertThat(cwd.resolve("models/mlp.neff")).doesNotExist();
    }

    @Test
    void slurmWithoutTheSlurmCommandsIsOneLineAndLeavesNothingBehind() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, java.util.Map.of("PATH", "/usr/bin:/bin"), "batch", "--executor",
                "slurm", "models/mlp.hlo");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: cannot run sbatch: ")
                .endsWith("; --executor slurm needs the Slurm client commands (sbatch, scontrol, scancel) on PATH\n");
        try (Stream<Path> files = Files.list(cwd)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("starfish-batch-"));
        }
    }

    @Test
    void sigintKeepsFinishedOutputsRemovesTheUnfinishedAndReportsEach() throws Exception {
        Path gate = Files.createDirectories(tmp.resolve("gate"));
        AssembledDistribution held = holding(gate);
        Path in = Files.createDirectories(cwd.resolve("held"));
        for (String name : List.of("a_first", "b_held", "c_last")) {
            Files.copy(dist.example("mlp.hlo"), in.resolve(name + ".hlo"));
        }
        AssembledDistribution.Started batch = held.start(cwd, "batch", "--no-cache", "held", "--output-dir", "out");
        long toolPid = awaitToolStarted(gate);
        assertThat(new ProcessBuilder("kill", "-INT", String.valueOf(batch.process().pid())).start().waitFor()).isZero();
        AssembledDistribution.Run run = batch.await();
        assertThat(run.exitCode()).as("%s", run).isEqualTo(130);
        assertThat(run.stderr()).isEqualTo("starfish: batch interrupted (SIGINT); tools stopped, 1 finished output kept, "
                + "1 unfinished removed\n");
        ProcessHandle.of(toolPid).ifPresent(p -> assertThat(p.onExit()).succeedsWithin(10, TimeUnit.SECONDS));
        assertThat(cwd.resolve("out/a_first.neff")).as("finished before the signal: kept").isRegularFile();
        assertThat(cwd.resolve("out/b_held.neff")).doesNotExist();
        assertThat(cwd.resolve("out/c_last.neff")).doesNotExist();
        try (Stream<Path> files = Files.list(cwd.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".neff.tmp"));
        }
        JsonNode report = report(cwd.resolve("out/batch-report.json"));
        assertThat(model(report, "a_first.hlo").path("status").asText()).isEqualTo("ok");
        assertThat(model(report, "b_held.hlo").path("status").asText()).isEqualTo("interrupted");
        assertThat(model(report, "b_held.hlo").path("exit_code").asInt()).isEqualTo(130);
        assertThat(model(report, "c_last.hlo").path("status").asText()).isEqualTo("cancelled");
        assertThat(cwd.resolve("out/b_held.work/log-starfish.txt")).content()
                .contains("compile interrupted (SIGINT); tools stopped, unfinished output removed");
    }

    @Test
    void aSecondBatchOnTheSameOutputsFailsThoseModelsAndLeavesTheFirstAlone() throws Exception {
        Path gate = Files.createDirectories(tmp.resolve("gate"));
        AssembledDistribution held = holding(gate);
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("b_held.hlo"));
        AssembledDistribution.Started first = held.start(cwd, "batch", "--no-cache", "b_held.hlo", "--output-dir", "out");
        awaitToolStarted(gate);
        AssembledDistribution.Run second = held.run(cwd, "batch", "--no-cache", "b_held.hlo", "--output-dir", "out",
                "--report", "second.json");
        assertThat(second.exitCode()).as("%s", second).isEqualTo(1);
        JsonNode refused = model(report(cwd.resolve("second.json")), "b_held.hlo");
        assertThat(refused.path("exit_code").asInt()).isEqualTo(2);
        assertThat(refused.path("error").asText()).matches("work directory " + cwd.resolve("out/b_held.work")
                + " is in use by another compile \\(pid \\d+\\); wait for it or use another --workdir");
        Files.createFile(gate.resolve("release"));
        AssembledDistribution.Run firstRun = first.await();
        assertThat(firstRun.exitCode()).as("the first batch is unaffected: %s", firstRun).isZero();
        assertThat(cwd.resolve("out/b_held.neff")).isRegularFile();
        assertThat(model(report(cwd.resolve("out/batch-report.json")), "b_held.hlo").path("status").asText()).isEqualTo("ok");
    }

    @Test
    void aModelThatItsOwnOutputWouldOverwriteIsRefusedAndKept() throws IOException {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("m.neff"));
        byte[] before = Files.readAllBytes(model);
        AssembledDistribution.Run run = dist.run(cwd, "batch", "m.neff");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: the output " + model + " of model " + model
                + " would overwrite the model " + model + "; rename the model or give --output-dir another directory\n");
        assertThat(Files.readAllBytes(model)).isEqualTo(before);
    }

    /**
     * A copy of the distribution whose {@code walrus_driver} holds any model named {@code b_held}: it writes
     * its pid to {@code gate/tool.pid}, then waits for {@code gate/release} (or to be killed).
     */
    private AssembledDistribution holding(Path gate) throws IOException {
        AssembledDistribution held = dist.copyTo(tmp.resolve("dist"));
        Path tool = held.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!/bin/sh\n"
                + "case \"$PWD\" in *b_held.work*)\n"
                + "  echo $$ > " + gate.resolve("tool.pid.tmp") + " && mv " + gate.resolve("tool.pid.tmp") + " "
                + gate.resolve("tool.pid") + "\n"
                + "  while [ ! -f " + gate.resolve("release") + " ]; do sleep 0.05; done ;;\n"
                + "esac\n"
                + "exec " + held.home().resolve("starfish/bin/walrus_driver") + " \"$@\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return TestSandbox.turnOff(held);
    }

    private static long awaitToolStarted(Path gate) throws IOException, InterruptedException {
        Path pidFile = gate.resolve("tool.pid");
        try (WatchService watcher = gate.getFileSystem().newWatchService()) {
            gate.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(pidFile)) {
                WatchKey key = watcher.poll(60, TimeUnit.SECONDS);
                assertThat(key).as("the held tool started within a minute").isNotNull();
                key.pollEvents();
                key.reset();
            }
        }
        return Long.parseLong(Files.readString(pidFile).trim());
    }

    private static JsonNode report(Path file) throws IOException {
        assertThat(file).as("the batch report").isRegularFile();
        return new ObjectMapper().readTree(file.toFile());
    }

    private static JsonNode model(JsonNode report, String fileName) {
        List<JsonNode> matches = new ArrayList<>();
        report.path("models").forEach(m -> {
            if (Path.of(m.path("model").asText()).getFileName().toString().equals(fileName)) {
                matches.add(m);
            }
        });
        assertThat(matches).as("one entry for %s in %s", fileName, report).hasSize(1);
        return matches.get(0);
    }
}

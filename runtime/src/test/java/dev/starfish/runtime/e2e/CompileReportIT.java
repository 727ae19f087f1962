package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every compile that runs leaves report.json, trace.json and report.html in its work directory. */
class CompileReportIT {

    private static final List<String> PIPELINE = List.of("Frontend", "StaticIOTranspose", "HLOToTensorizer",
            "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "Kelper", "NeffWrapper", "SaveTemps");

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void aParallelCompileReportsEveryJobAndEveryStepWithItsToolUsageMatchingTheSchema() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString(), "-j", "2",
                "--keep-temps");
        assertThat(run.exitCode()).as("%s", run).isZero();

        JsonNode report = ReportChecks.validReport(cwd.resolve("mlp_two_heads.work"));
        assertThat(report.path("outcome").asText()).isEqualTo("succeeded");
        assertThat(report.path("failure").isNull()).isTrue();
        assertThat(names(report.path("jobs"), "name")).as("jobs in pipeline order").isEqualTo(PIPELINE);
        assertThat(names(report.path("plan").path("jobs"), "name")).isEqualTo(PIPELINE);
        assertThat(report.path("plan").path("parallelism").asInt()).isEqualTo(2);
        List<JsonNode> walrus = steps(report, "WalrusDriver");
        assertThat(names(walrus, "subgraph")).as("one step per subgraph").containsExactlyInAnyOrder("sg00", "sg01");
        Set<Integer> workers = new HashSet<>();
        for (JsonNode step : walrus) {
            assertThat(step.path("kind").asText()).isEqualTo("native");
            assertThat(step.path("action").asText()).contains("walrus_driver");
            assertThat(step.path("tool").path("exit").path("description").asText()).isEqualTo("exit status 0");
            assertThat(step.path("tool").path("peak_rss_kb").asLong()).as("the shim's peak RSS").isPositive();
            assertThat(Path.of(step.path("replay_script").asText())).isExecutable();
            assertThat(step.path("replay_script_kept").asBoolean()).isTrue();
            assertThat(step.path("outputs").get(0).asText()).endsWith(step.path("subgraph").asText() + "/model.bir");
            workers.add(step.path("worker").asInt());
        }
        assertThat(workers).as("with -j 2 the two subgraphs run on two workers").hasSize(2);
        JsonNode frontend = steps(report, "Frontend").get(0);
        assertThat(frontend.path("kind").asText()).isEqualTo("in-process");
        assertThat(frontend.path("tool").isNull()).isTrue();
        JsonNode walrusJob = report.path("jobs").get(PIPELINE.indexOf("WalrusDriver"));
        assertThat(walrusJob.path("steps").asInt()).isEqualTo(2);
        assertThat(walrusJob.path("peak_rss_kb").asLong()).isPositive();
    }

    @Test
    void theTraceHasOneNamedTrackPerWorkerAndOneNestedSlicePerJobAndStep() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString(), "-j", "2");
        assertThat(run.exitCode()).as("%s", run).isZero();
        Path work = cwd.resolve("mlp_two_heads.work");

        JsonNode report = ReportChecks.validReport(work);
        JsonNode trace = ReportChecks.validTrace(work);
        List<String> jobSlices = new ArrayList<>();
        int stepSlices = 0;
        Set<Integer> tracks = new HashSet<>();
        for (JsonNode event : trace.path("traceEvents")) {
            if (event.path("ph").asText().equals("X")) {
                tracks.add(event.path("tid").asInt());
                if (event.path("cat").asText().equals("job")) {
                    jobSlices.add(event.path("name").asText());
                } else {
                    stepSlices++;
                }
            }
        }
        assertThat(jobSlices).as("one slice per job").containsExactlyElementsOf(PIPELINE);
        assertThat(stepSlices).as("one slice per step").isEqualTo(report.path("steps").size());
        assertThat(tracks).as("the driver and two subgraph workers").hasSize(3)
                .hasSize(report.path("workers").size());
    }

    @Test
    void aFailedToolLeavesAReportNamingTheFailingStepItsMessageAndReplayScript() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path tool = copy.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!/bin/sh\necho 'walrus: out of registers' >&2\nexit 3\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));

        AssembledDistribution.Run run = copy.run(cwd, "compile", copy.example("mlp.hlo").toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        Path work = cwd.resolve("mlp.work");
        JsonNode report = ReportChecks.validReport(work);
        ReportChecks.validTrace(work);
        assertThat(report.path("outcome").asText()).isEqualTo("failed");
        JsonNode failure = report.path("failure");
        assertThat(failure.path("message").asText()).startsWith("job WalrusDriver failed");
        assertThat(failure.path("job").asText()).isEqualTo("WalrusDriver");
        assertThat(failure.path("subgraph").asText()).isEqualTo("sg00");
        assertThat(failure.path("replay_script").asText()).isEqualTo(work.resolve("sg00/replay_WalrusDriver.sh").toString());
        JsonNode step = steps(report, "WalrusDriver").get(0);
        assertThat(step.path("status").asText()).isEqualTo("failed");
        assertThat(step.path("tool").path("exit").path("code").asInt()).isEqualTo(3);
        assertThat(step.path("failure").asText()).contains("exited abnormally").contains("walrus: out of registers");
        assertThat(names(report.path("jobs"), "name")).as("the jobs that ran, the failed one last")
                .containsExactly("Frontend", "StaticIOTranspose", "HLOToTensorizer", "WalrusDriver");
        assertThat(Files.readString(work.resolve("report.html"))).contains("walrus: out of registers")
                .contains(work.resolve("sg00/replay_WalrusDriver.sh").toString());
    }

    @Test
    void aSymbolicLinkPlantedAsTheReportIsReplacedAndItsTargetLeftAlone() throws IOException {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        assertThat(dist.run(cwd, "compile", model.toString()).exitCode()).isZero();
        Path victim = Files.writeString(cwd.resolve("notes.txt"), "my notes\n");
        Path report = cwd.resolve("mlp.work/report.json");
        Files.delete(report);
        Files.createSymbolicLink(report, victim);

        AssembledDistribution.Run again = dist.run(cwd, "compile", model.toString(), "--no-cache");

        assertThat(again.exitCode()).as("%s", again).isZero();
        assertThat(victim).content().isEqualTo("my notes\n");
        assertThat(Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)).as("report.json is a file again").isTrue();
        ReportChecks.validReport(cwd.resolve("mlp.work"));
    }

    @Test
    void aDirectoryInThePlaceOfTheReportIsOneWarningAndTheCompileStillSucceeds() throws IOException {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        assertThat(dist.run(cwd, "compile", model.toString()).exitCode()).isZero();
        Path report = cwd.resolve("mlp.work/report.json");
        Files.delete(report);
        Files.writeString(Files.createDirectories(report).resolve("keep.txt"), "mine\n");

        AssembledDistribution.Run again = dist.run(cwd, "compile", model.toString(), "--no-cache");

        assertThat(again.exitCode()).as("%s", again).isZero();
        assertThat(again.stderr()).isEqualTo("WARN  cannot write the compile report " + report
                + ": is a directory; the compile itself is not affected\n");
        assertThat(report.resolve("keep.txt")).content().isEqualTo("mine\n");
        assertThat(cwd.resolve("mlp.neff")).isRegularFile();
        try (var left = Files.list(cwd.resolve("mlp.work"))) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no temporary file is left behind")
                    .noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    private static List<JsonNode> steps(JsonNode report, String job) {
        List<JsonNode> steps = new ArrayList<>();
        report.path("steps").forEach(step -> {
            if (step.path("job").asText().equals(job)) {
                steps.add(step);
            }
        });
        return steps;
    }

    private static List<String> names(Iterable<JsonNode> nodes, String field) {
        List<String> names = new ArrayList<>();
        nodes.forEach(node -> names.add(node.path(field).asText()));
        return names;
    }
}

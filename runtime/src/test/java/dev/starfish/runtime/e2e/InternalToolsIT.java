package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Copies of the distribution with tools dropped into {@code starfish/bin/private}. */
class InternalToolsIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path tmp;

    private static Path internalTools() {
        Path dir = Path.of(System.getProperty("starfish.test.bin", "../starfish-bin/target")).resolve("internal");
        if (!Files.isExecutable(dir.resolve("nn_executor"))) {
            throw new IllegalStateException("internal tools missing in " + dir + ": run `make -C starfish-bin all`");
        }
        return dir;
    }

    private AssembledDistribution withInternalTools() throws IOException {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("starfish"));
        for (String tool : new String[] {"nn_executor", "watchpoint_insert", "kgraph2dot"}) {
            Files.copy(internalTools().resolve(tool), copy.home().resolve("starfish/bin/private/" + tool),
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
        return copy;
    }

    @Test
    void backendRunsWithNnExecutorInPrivateAndMatchesTheGoldens() throws IOException {
        AssembledDistribution internal = withInternalTools();
        Path cwd = tmp.resolve("cwd");
        AssembledDistribution.Run run = internal.run(cwd, "compile", internal.example("mlp.hlo").toString(),
                "--enable-experimental-backend", "--keep-temps");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode report = new ObjectMapper().readTree(cwd.resolve("mlp.work/sg00/backend.json").toFile());
        assertThat(report.toString()).as("nn_executor's report").containsIgnoringCase("match");
        assertThat(Files.readString(cwd.resolve("log-starfish.txt"))).contains("ulimit -S -t");
    }

    @Test
    void watchpointAndBackendRunOnRequestInTheirConfiguredPlaceAndKeepTheirResults() throws IOException {
        AssembledDistribution internal = withInternalTools();
        Path cwd = tmp.resolve("cwd");
        String model = internal.example("mlp.hlo").toString();

        AssembledDistribution.Run plain = internal.run(cwd, "compile", model, "-###");
        assertThat(plain.stdout()).as("not requested: not planned").doesNotContain("watchpoint_insert")
                .doesNotContain("nn_executor");
        AssembledDistribution.Run plan = internal.run(cwd, "compile", model, "--watchpoint", "dot.6",
                "--enable-experimental-backend", "-###");
        List<String> tools = plan.stdout().lines().map(line -> line.startsWith("# ") ? line.split(" ")[1]
                : Path.of(line.substring(line.lastIndexOf(" && exec ") + 9).split(" ")[0]).getFileName().toString())
                .toList();
        assertThat(tools).as("%s", plan).containsExactly("plan", "sandbox:", "Frontend", "StaticIOTranspose",
                "hlo2penguin", "walrus_driver", "walrus_driver", "xla_infergoldens", "watchpoint_insert", "nn_executor", "Kelper",
                "hlo-neff-wrapper", "SaveTemps", "cache:");
        assertThat(plan.stdout()).as("Backend executes the watchpoint BIR the plan makes").contains("--bir model.wp.bir");

        AssembledDistribution.Run run = internal.run(cwd, "compile", model, "--watchpoint", "dot.6", "--enable-experimental-backend");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(cwd.resolve("mlp.work/sg00/watchpoints/dot.6.bin")).as("the watched tensor was dumped").exists();
        assertThat(cwd.resolve("mlp.work/sg00/backend.json")).as("a result, not an intermediate").exists();
        assertThat(cwd.resolve("mlp.work/sg00/model.wp.bir")).as("an intermediate").doesNotExist();
    }

    @Test
    void backendOverItsCpuLimitFailsSayingTheLimitWasExceeded() throws IOException {
        AssembledDistribution internal = withInternalTools();
        Path cwd = tmp.resolve("cwd");
        AssembledDistribution.Run run = internal.run(cwd, "compile", internal.example("mlp_large.hlo").toString(),
                "--enable-experimental-backend", "--backend-cpu-limit", "1", "--backend-iterations", "1000");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).contains("Child process job \"Backend\" exited abnormally! killed by signal 24 (SIGXCPU)")
                .contains("CPU time limit of 1 s exceeded");
    }

    @Test
    void aFakeHlo2penguinInPrivateWinsOverTheShippedOne() throws IOException {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("starfish"));
        Path marker = Files.createDirectories(tmp.resolve("marks")).resolve("fake-ran");
        TestSandbox.allowWriting(copy, marker.getParent());
        Path fake = copy.home().resolve("starfish/bin/private/hlo2penguin");
        Files.writeString(fake, "#!/bin/sh\ntouch '" + marker + "'\nexec '" + copy.home().resolve("starfish/bin/hlo2penguin")
                + "' \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));

        AssembledDistribution.Run jobs = copy.run(tmp.resolve("cwd"), "jobs", "--json");
        JsonNode listing = new ObjectMapper().readTree(jobs.stdout());
        JsonNode tensorizer = null;
        for (JsonNode job : listing) {
            if (job.path("name").asText().equals("HLOToTensorizer")) {
                tensorizer = job;
            }
        }
        assertThat(tensorizer).as("HLOToTensorizer listed: %s", jobs).isNotNull();
        assertThat(tensorizer.path("toolPath").asText()).isEqualTo(fake.toString());
        assertThat(tensorizer.path("toolOrigin").asText()).isEqualTo("private");

        AssembledDistribution.Run run = copy.run(tmp.resolve("cwd"), "compile", copy.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(marker).as("the private hlo2penguin ran").exists();
    }
}

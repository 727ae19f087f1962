package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plugin code calling {@code System.exit} or {@code Runtime.exit} cannot end the driver nor choose
 * its exit code: the job fails, the compile or the batch exits 1 with one line naming the job and
 * the code it asked for, and the reports are written.
 */
class PluginExitIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private Path pluginCalling(String call) throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("plugins"));
        String source = "package fixture.exiter;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class ExitJob extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n"
                + "    " + call + ";\n"
                + "  }\n}\n";
        new PluginJarBuilder(cwd, "exiter").job("fixture.exiter.ExitJob", source).buildInto(plugins, "exiter.jar");
        return plugins;
    }

    private AssembledDistribution.Run compileWith(Path plugins) {
        return dist.run(cwd, "--plugins-dir", plugins.toString(), "compile", dist.example("mlp.hlo").toString(),
                "--pipeline", "ExitJob");
    }

    @Test
    void systemExitZeroInAJobFailsTheCompileWith1AndItsReportIsWritten() throws IOException {
        AssembledDistribution.Run run = compileWith(pluginCalling("System.exit(0)"));

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).as("%s", run).isEqualTo("starfish: error: job ExitJob (exiter.jar) called System.exit(0), "
                + "which would have ended the driver; the compile fails instead (at ExitJob.java:6)\n");
        assertThat(cwd.resolve("mlp.work/report.json")).content().contains("System.exit(0)");
        assertThat(cwd.resolve("mlp.work/report.html")).isRegularFile();
        assertThat(cwd.resolve("mlp.neff")).doesNotExist();
    }

    @Test
    void exitThreeFromSystemOrRuntimeIsExit1NamingTheCode() throws IOException {
        AssembledDistribution.Run system = compileWith(pluginCalling("System.exit(3)"));
        assertThat(system.exitCode()).as("%s", system).isEqualTo(1);
        assertThat(system.stderr()).as("%s", system).contains("job ExitJob (exiter.jar) called System.exit(3)");

        Files.delete(cwd.resolve("plugins/exiter.jar"));
        AssembledDistribution.Run runtime = compileWith(pluginCalling("Runtime.getRuntime().exit(3)"));
        assertThat(runtime.exitCode()).as("%s", runtime).isEqualTo(1);
        assertThat(runtime.stderr()).as("%s", runtime).contains("job ExitJob (exiter.jar) called Runtime.exit(3)");
    }

    @Test
    void systemExitZeroInABatchFailsEveryModelAndTheBatchWith1AndItsReportIsWritten() throws IOException {
        Path plugins = pluginCalling("System.exit(0)");
        Path models = Files.createDirectories(cwd.resolve("models"));
        Files.copy(dist.example("mlp.hlo"), models.resolve("mlp.hlo"));
        Files.copy(dist.example("mlp_two_heads.hlo"), models.resolve("mlp_two_heads.hlo"));

        AssembledDistribution.Run run = dist.run(cwd, "--plugins-dir", plugins.toString(), "batch", "models",
                "--output-dir", "out", "--pipeline", "ExitJob");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stdout()).as("%s", run).contains("Batch of 2 models: 2 failed");
        JsonNode report = new ObjectMapper().readTree(cwd.resolve("out/batch-report.json").toFile());
        assertThat(report.path("counts").path("failed").asInt()).as("%s", report).isEqualTo(2);
        report.path("models").forEach(model -> assertThat(model.path("error").asText()).as("%s", model)
                .contains("job ExitJob (exiter.jar) called System.exit(0)"));
    }
}

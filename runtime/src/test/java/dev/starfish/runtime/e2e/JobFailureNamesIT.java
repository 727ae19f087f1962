package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that fails with its own {@code JobException} is named on the console, as README and
 * docs/writing-a-job.md promise (issue 24): the job and its jar, and the subgraph when the job
 * failed on one; the log and the report carry the same line.
 */
class JobFailureNamesIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private Path plugin(String id, String job, String body) throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("plugins"));
        String source = "package fixture." + id + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class " + job + " extends InProcessJob {\n" + body + "\n}\n";
        new PluginJarBuilder(cwd, id).job("fixture." + id + "." + job, source).buildInto(plugins, id + ".jar");
        return plugins;
    }

    private AssembledDistribution.Run compile(Path plugins, String pipeline) {
        return dist.run(cwd, "--plugins-dir", plugins.toString(), "compile", dist.example("mlp.hlo").toString(),
                "--pipeline", pipeline);
    }

    @Test
    void aJobExceptionOfAWholeCompileJobNamesTheJobAndItsJar() throws IOException {
        Path plugins = plugin("weights", "WeightsJob", "  @Override protected void runOnState(JobState s, JobContext c) {\n"
                + "    throw new JobException(\"the weights are missing\");\n  }");

        AssembledDistribution.Run run = compile(plugins, "WeightsJob");

        String line = "job WeightsJob (weights.jar) failed: the weights are missing";
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + line + "\n");
        assertThat(cwd.resolve("mlp.work/log-starfish.txt")).content().contains("Compile failed: " + line);
        assertThat(new ObjectMapper().readTree(cwd.resolve("mlp.work/report.json").toFile()).path("failure")
                .path("message").asText()).isEqualTo(line);
    }

    @Test
    void aJobExceptionOnOneSubgraphNamesTheJobAndTheSubgraph() throws IOException {
        Path plugins = plugin("kernels", "KernelJob", "  @Override protected void runOnState(JobState s, JobContext c) {\n"
                + "    s.setInputs(java.util.List.of(new Subgraph(\"sg00\", s.workDir().resolve(\"sg00\"))));\n"
                + "    c.forEachInput(s.inputs(), in -> { throw new JobException(\"no kernel for \" + in.name()); });\n  }");

        AssembledDistribution.Run run = compile(plugins, "KernelJob");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("starfish: error: job KernelJob failed on subgraph sg00: no kernel for sg00\n");
    }
}

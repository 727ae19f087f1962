package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host, not the job or the test, enters the job's thread context: a real plugin job,
 * loaded by the assembled driver, records from inside its own code the context class loader,
 * the log context and the thread name it runs with, on the main thread and on the subgraph
 * workers of {@code --jobs 2}.
 */
class JobThreadContextIT {

    private static final String PROBE = "package fixture.probe;\n"
            + "import dev.starfish.api.*;\n"
            + "import java.nio.file.*;\n"
            + "import org.apache.logging.log4j.ThreadContext;\n"
            + "@org.pf4j.Extension\n"
            + "@JobSpec(kind = JobKind.IN_PROCESS, perSubgraph = true, consumes = Artifacts.SUBGRAPHS)\n"
            + "public class ContextProbe extends InProcessJob {\n"
            + "  @Override protected void runOnState(JobState state, JobContext context) {\n"
            + "    record(state.workDir().resolve(\"probe-run.txt\"));\n"
            + "    super.runOnState(state, context);\n"
            + "  }\n"
            + "  @Override protected void runSingleInput(Subgraph input, JobState state, JobContext context) {\n"
            + "    record(input.dir().resolve(\"probe.txt\"));\n"
            + "  }\n"
            + "  private static void record(Path file) {\n"
            + "    ClassLoader loader = Thread.currentThread().getContextClassLoader();\n"
            + "    String text = \"loader=\" + (loader == null ? null : loader.getName()) + \"\\n\"\n"
            + "        + \"job=\" + ThreadContext.get(\"job\") + \"\\n\"\n"
            + "        + \"subgraph=\" + ThreadContext.get(\"subgraph\") + \"\\n\"\n"
            + "        + \"logfile=\" + ThreadContext.get(\"logfile\") + \"\\n\"\n"
            + "        + \"thread=\" + Thread.currentThread().getName() + \"\\n\";\n"
            + "    try {\n"
            + "      Files.writeString(file, text);\n"
            + "    } catch (java.io.IOException e) {\n"
            + "      throw new java.io.UncheckedIOException(e);\n"
            + "    }\n"
            + "  }\n"
            + "}\n";

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void theHostRunsAJobAndEachOfItsSubgraphsInTheJobsLoaderLogContextAndThreadName() throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("plugins"));
        Files.copy(dist.home().resolve("plugins/starfish-job-frontend-0.1.0.jar"),
                plugins.resolve("starfish-job-frontend-0.1.0.jar"));
        new PluginJarBuilder(cwd, "probe").job("fixture.probe.ContextProbe", PROBE).buildInto(plugins, "probe.jar");

        AssembledDistribution.Run run = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile",
                dist.example("mlp_two_heads.hlo").toString(), "--pipeline", "Frontend,ContextProbe", "--jobs", "2");

        assertThat(run.exitCode()).as("%s", run).isZero();
        Path work = cwd.resolve("mlp_two_heads.work");
        Path log = work.resolve("log-starfish.txt");
        assertThat(work.resolve("probe-run.txt")).as("run() on the driver's main thread").content()
                .isEqualTo("loader=job:probe\njob=ContextProbe\nsubgraph=null\nlogfile=" + log + "\n"
                        + "thread=main [job ContextProbe]\n");
        for (String sg : new String[] {"sg00", "sg01"}) {
            assertThat(work.resolve(sg + "/probe.txt")).as("%s on a worker of --jobs 2", sg).content()
                    .matches(java.util.regex.Pattern.quote("loader=job:probe\njob=ContextProbe\nsubgraph=" + sg
                            + "\nlogfile=" + log + "\nthread=starfish-subgraph-") + "[12]"
                            + java.util.regex.Pattern.quote(" [job ContextProbe]\n"));
        }
    }
}

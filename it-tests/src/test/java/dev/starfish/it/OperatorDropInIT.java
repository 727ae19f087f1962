package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Container.ExecResult;

/**
 * Issue 11: the authoring kit's jar goes into an installed Starfish the way README.md and
 * docs/writing-a-job.md tell an author and an operator to do it. The template is built on the
 * host ({@link TemplateJar}); in a container of the shipped image the user lints the jar, the
 * operator (root) installs it in {@code plugins/} and adds its two jobs to the {@code pipeline=}
 * line of {@code conf/starfish.properties}, and the user's plain compile (no {@code --pipeline})
 * runs them.
 */
@ContainerSuite
class OperatorDropInIT {

    private static final String JAR = "/tmp/example-jobs.jar";
    private static final String INSTALLED = StarfishContainer.HOME + "/plugins/example-jobs.jar";
    private static final String CONF = StarfishContainer.HOME + "/conf/starfish.properties";
    private static final String MODEL = StarfishContainer.HOME + "/examples/mlp_two_heads.hlo";
    private static final String WORK = StarfishContainer.USER_HOME + "/m.work";
    /** The template's jobs, in the order the operator puts them after StaticIOTranspose. */
    private static final String JOBS = "ExampleSummary,ExampleStamp";

    @Test
    void theTemplateJarLintsInstallsAndRunsFromTheConfiguredPipeline(@TempDir Path scratch)
            throws IOException, InterruptedException {
        byte[] jar = Files.readAllBytes(TemplateJar.build(scratch));
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            container.putFile(JAR, jar, 0644);

            ExecResult lint = container.starfish("plugins", "lint", JAR);
            assertThat(lint.getExitCode()).as("the user's lint of the template's jar is clean:\n%s", describe(lint))
                    .isZero();
            assertThat(lint.getStdout()).as("lint prints one line: the jar is ok").isEqualTo(JAR + ": ok\n");

            ExecResult install = container.rootShell("cp " + JAR + " " + INSTALLED + " && chown root:root " + INSTALLED
                    + " && chmod 0644 " + INSTALLED + " && stat -c '%a %U:%G' " + INSTALLED);
            assertThat(install.getExitCode()).as("the operator copies the jar into plugins/:\n%s", describe(install))
                    .isZero();
            assertThat(install.getStdout().trim()).as("the installed jar is mode 0644, owned by root")
                    .isEqualTo("644 root:root");

            String shipped = pipelineLine(container);
            assertThat(shipped).as("the shipped pipeline= line has StaticIOTranspose and not the template's jobs")
                    .contains(",StaticIOTranspose,").doesNotContain("Example");
            ExecResult edit = container.rootShell("sed -i 's/^\\(pipeline=.*StaticIOTranspose\\),/\\1," + JOBS
                    + ",/' " + CONF);
            assertThat(edit.getExitCode()).as("the operator edits the pipeline= line with sed:\n%s", describe(edit))
                    .isZero();
            String configured = pipelineLine(container);
            assertThat(configured).as("pipeline= now has %s right after StaticIOTranspose, the rest unchanged", JOBS)
                    .isEqualTo(shipped.replace(",StaticIOTranspose,", ",StaticIOTranspose," + JOBS + ","));
            List<String> pipeline = List.of(configured.substring("pipeline=".length()).split(","));

            ExecResult jobs = container.starfish("jobs", "--wide");
            assertThat(jobs.getExitCode()).as("the user's starfish jobs succeeds:\n%s", describe(jobs)).isZero();
            assertThat(jobs.getStdout().lines())
                    .as("starfish jobs lists ExampleSummary as an in-process job of the installed jar:\n%s",
                            jobs.getStdout())
                    .anyMatch(line -> line.matches("ExampleSummary +in-process .* " + Pattern.quote(INSTALLED)))
                    .as("and ExampleStamp as a native job whose example_stamp resolves to the jar's own copy")
                    .anyMatch(line -> line.matches("ExampleStamp +native .* example_stamp"
                            + " +\\S+/example_stamp \\(plugin\\) .* " + Pattern.quote(INSTALLED)))
                    .as("and no jar is refused").noneMatch(line -> line.startsWith("refused:"));

            ExecResult compile = container.starfish("compile", MODEL, "--output", "m.neff", "--workdir", "m.work",
                    "--example-greeting", "hi");
            assertThat(compile.getExitCode()).as("the user's compile without --pipeline succeeds:\n%s",
                    describe(compile)).isZero();
            NeffFile neff = new NeffFile("m.neff", container.readFile(StarfishContainer.USER_HOME + "/m.neff"));
            neff.assertManifestMatchesContent();
            List<String> recorded = new ArrayList<>();
            new ObjectMapper().readTree(neff.entries().get("compile.json")).path("pipeline")
                    .forEach(job -> recorded.add(job.asText()));
            assertThat(recorded).as("compile.json in the .neff records the configured pipeline (the on-request"
                    + " Watchpoint and Backend left out)").containsExactlyElementsOf(pipeline.stream()
                    .filter(job -> !job.equals("Watchpoint") && !job.equals("Backend")).toList());

            List<String> subgraphs = neff.entries().keySet().stream()
                    .filter(name -> name.matches("sg\\d+/model\\.bir"))
                    .map(name -> name.substring(0, name.indexOf('/'))).sorted().toList();
            assertThat(subgraphs).as("mlp_two_heads.hlo compiles into two subgraphs").containsExactly("sg00", "sg01");
            assertThat(text(container, WORK + "/example_summary.json"))
                    .as("ExampleSummary wrote the greeting, the model and its subgraphs into example_summary.json")
                    .isEqualTo("{\"greeting\":\"hi\",\"model\":\"mlp_two_heads.hlo\","
                            + "\"subgraphs\":[\"sg00\",\"sg01\"]}\n");
            for (String sg : subgraphs) {
                assertThat(text(container, WORK + "/" + sg + "/example_stamp.txt"))
                        .as("ExampleStamp's bundled tool stamped %s", sg).isEqualTo("stamped " + sg + "\n");
            }
            String log = text(container, WORK + "/log-starfish.txt");
            assertThat(log).as("the compile log shows the configured pipeline and both jobs running")
                    .contains(" with jobs [" + String.join(", ", recorded) + "] in " + WORK)
                    .contains("ExampleSummary wrote " + WORK + "/example_summary.json for 2 subgraph(s)")
                    .contains("Job ExampleSummary finished in ")
                    .contains("example_stamp: stamped sg00").contains("example_stamp: stamped sg01")
                    .contains("Job ExampleStamp finished in ");

            String before = homeListing(container);
            ExecResult plan = container.starfish("compile", MODEL, "--output", "plan.neff", "--workdir", "plan.work",
                    "--example-greeting", "hi", "-###");
            assertThat(plan.getExitCode()).as("the user's -### succeeds:\n%s", describe(plan)).isZero();
            assertThat(plan.getStdout().lines()).as("-### prints the configured pipeline with both jobs:\n%s",
                    plan.getStdout())
                    .contains("# plan of mlp_two_heads.hlo: " + String.join(",", recorded)
                            + "; sgNN stands for each subgraph the model is split into")
                    .as("ExampleSummary's in-process step")
                    .contains("# ExampleSummary (in-process): write example_summary.json [subgraphs -> example-summary]")
                    .as("ExampleStamp's tool in replay form, per subgraph")
                    .anyMatch(line -> line.matches("cd " + StarfishContainer.USER_HOME
                            + "/plan\\.work/sgNN && exec \\S+/example_stamp sgNN"));
            assertThat(homeListing(container)).as("-### created and changed nothing in the user's home")
                    .isEqualTo(before);
        }
    }

    private static String pipelineLine(StarfishContainer container) {
        ExecResult grep = container.shell("grep '^pipeline=' " + CONF);
        assertThat(grep.getExitCode()).as("%s has a pipeline= line:\n%s", CONF, describe(grep)).isZero();
        assertThat(grep.getStdout().lines()).as("%s has one pipeline= line", CONF).hasSize(1);
        return grep.getStdout().trim();
    }

    private static String text(StarfishContainer container, String path) {
        return new String(container.readFile(path), UTF_8);
    }

    /**
     * Every path under the user's home with its size and modification time, except the driver's plugin
     * index (a cache of what was read of each jar, which any command may refresh).
     */
    private static String homeListing(StarfishContainer container) {
        ExecResult find = container.shell("find " + StarfishContainer.USER_HOME + " -path '*/.cache/starfish/plugin-index'"
                + " -prune -o -printf '%p %s %T@\\n' | sort");
        assertThat(find.getExitCode()).as("the user's home can be listed:\n%s", describe(find)).isZero();
        return find.getStdout();
    }
}

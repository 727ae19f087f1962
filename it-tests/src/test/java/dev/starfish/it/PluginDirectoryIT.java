package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Container.ExecResult;

/**
 * What an operator does to {@code plugins/} and {@code conf/} of an installed distribution:
 * drop in a new job, reject jobs, and survive a broken jar.
 */
@ContainerSuite
class PluginDirectoryIT {

    private static final String PLUGINS = StarfishContainer.HOME + "/plugins/";
    private static final String MLP = StarfishContainer.HOME + "/examples/mlp.hlo";

    @Test
    void droppedInPluginIsListedAndRunsItsBundledTool(@TempDir Path scratch) throws IOException {
        byte[] jar = DropInPluginJar.build(scratch);
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            assertThat(jobNames(container)).as("before the drop-in, no job %s exists", DropInPluginJar.JOB)
                    .doesNotContain(DropInPluginJar.JOB);

            container.putFile(PLUGINS + DropInPluginJar.PLUGIN_ID + "-1.0.0.jar", jar, 0644);

            JsonNode listed = PrivateOverrideIT.job(jobs(container), DropInPluginJar.JOB);
            assertThat(listed).as("the next starfish jobs lists the dropped-in job").isNotNull();
            assertThat(listed.path("tool").asText()).as("it is a native job of tool %s", DropInPluginJar.TOOL)
                    .isEqualTo(DropInPluginJar.TOOL);
            assertThat(listed.path("toolOrigin").asText()).as("its tool resolves to the copy bundled in the jar: %s",
                    listed).isEqualTo("plugin");

            ExecResult compile = container.starfish("compile", MLP, "--workdir", "dropin.work",
                    "--pipeline", "Frontend," + DropInPluginJar.JOB);
            assertThat(compile.getExitCode()).as("a pipeline with the dropped-in job runs:\n%s", describe(compile))
                    .isZero();
            ExecResult stamp = container.shell("cat dropin.work/sg00/" + DropInPluginJar.STAMP_FILE);
            assertThat(stamp.getExitCode()).as("the bundled tool ran on sg00:\n%s", describe(stamp)).isZero();
            assertThat(stamp.getStdout().trim()).as("the tool that ran is the plugin's own, not one from starfish/bin")
                    .doesNotStartWith(StarfishContainer.HOME + "/starfish/bin");
            ExecResult shipped = container.shell("find " + StarfishContainer.HOME + "/starfish/bin -name "
                    + DropInPluginJar.TOOL);
            assertThat(shipped.getStdout()).as("nothing was copied into starfish/bin").isEmpty();
        }
    }

    @Test
    void rejectListInConfAndOnTheCommandLineRemovesJobs() throws IOException {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            assertThat(jobNames(container)).as("the shipped distribution lists SaveTemps and Kelper")
                    .contains("SaveTemps", "Kelper");

            ExecResult edit = container.rootShell("sed -i 's/^rejected.jobs=.*/rejected.jobs=SaveTemps/' "
                    + StarfishContainer.HOME + "/conf/starfish.properties && grep '^rejected.jobs=SaveTemps$' "
                    + StarfishContainer.HOME + "/conf/starfish.properties");
            assertThat(edit.getExitCode()).as("conf/starfish.properties now rejects SaveTemps:\n%s", describe(edit))
                    .isZero();
            assertThat(jobNames(container)).as("rejected.jobs=SaveTemps removes SaveTemps from starfish jobs")
                    .doesNotContain("SaveTemps").contains("Kelper");

            ExecResult cli = container.starfish("--reject-jobs", "Kelper", "jobs", "--json");
            assertThat(cli.getExitCode()).as("starfish --reject-jobs Kelper jobs succeeds:\n%s", describe(cli))
                    .isZero();
            assertThat(names(new ObjectMapper().readTree(cli.getStdout())))
                    .as("--reject-jobs Kelper removes Kelper, on top of the conf's reject list")
                    .doesNotContain("Kelper", "SaveTemps").contains("Frontend");
        }
    }

    @Test
    void corruptJarIsReportedAndTheCompileStillSucceeds() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            container.putFile(PLUGINS + "corrupt.jar", "this is not a zip file\n".getBytes(UTF_8), 0644);

            ExecResult compile = container.starfish("compile", MLP, "--output", "mlp.neff", "--workdir", "mlp.work");
            assertThat(compile.getExitCode()).as("the other plugins still compile the model:\n%s", describe(compile))
                    .isZero();
            assertThat(compile.getStderr()).as("stderr names the jar that could not be imported")
                    .contains("Could not import 'corrupt'");
            new NeffFile("mlp.hlo beside a corrupt plugin", container.readFile(StarfishContainer.USER_HOME
                    + "/mlp.neff")).assertManifestMatchesContent();
        }
    }

    private static JsonNode jobs(StarfishContainer container) throws IOException {
        ExecResult result = container.starfish("jobs", "--json");
        assertThat(result.getExitCode()).as("starfish jobs --json succeeds:\n%s", describe(result)).isZero();
        return new ObjectMapper().readTree(result.getStdout());
    }

    private static List<String> jobNames(StarfishContainer container) throws IOException {
        return names(jobs(container));
    }

    private static List<String> names(JsonNode listing) {
        List<String> names = new ArrayList<>();
        listing.forEach(job -> names.add(job.path("name").asText()));
        return names;
    }
}

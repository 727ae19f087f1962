package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/** A tool in {@code starfish/bin/private} shadows the shipped tool of the same name. */
@ContainerSuite
class PrivateOverrideIT {

    private static final String PRIVATE_TOOL = StarfishContainer.HOME + "/starfish/bin/private/hlo2penguin";
    /** In a directory the sandbox lets the tool write (its own /tmp is private). */
    private static final String MARKER = "/tmp/override/hlo2penguin-override.marker";

    @Test
    void privateHlo2penguinWinsOverTheShippedOne() throws IOException {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.OVERRIDE)) {
            container.start();
            ExecResult markerDir = container.rootShell("mkdir -m 1777 /tmp/override");
            assertThat(markerDir.getExitCode()).as("%s", describe(markerDir)).isZero();
            container.letToolsWrite("/tmp/override");

            ExecResult jobs = container.starfish("jobs", "--json");
            assertThat(jobs.getExitCode()).as("starfish jobs --json succeeds:\n%s", describe(jobs)).isZero();
            JsonNode tensorizer = job(new ObjectMapper().readTree(jobs.getStdout()), "HLOToTensorizer");
            assertThat(tensorizer).as("starfish jobs lists HLOToTensorizer:\n%s", jobs.getStdout()).isNotNull();
            assertThat(tensorizer.path("toolPath").asText()).as("HLOToTensorizer's tool resolves to the private copy")
                    .isEqualTo(PRIVATE_TOOL);
            assertThat(tensorizer.path("toolOrigin").asText()).as("and its origin says private").isEqualTo("private");

            ExecResult compile = container.starfish("compile", StarfishContainer.HOME + "/examples/mlp.hlo",
                    "--output", "mlp.neff", "--workdir", "mlp.work");
            assertThat(compile.getExitCode()).as("compile with the private hlo2penguin succeeds:\n%s",
                    describe(compile)).isZero();
            ExecResult marker = container.shell("cat " + MARKER);
            assertThat(marker.getExitCode()).as("the private hlo2penguin ran during the compile (marker %s)", MARKER)
                    .isZero();
            assertThat(marker.getStdout()).as("the private hlo2penguin was called on the subgraph")
                    .contains("private hlo2penguin");
        }
    }

    static JsonNode job(JsonNode listing, String name) {
        for (JsonNode job : listing) {
            if (name.equals(job.path("name").asText())) {
                return job;
            }
        }
        return null;
    }
}

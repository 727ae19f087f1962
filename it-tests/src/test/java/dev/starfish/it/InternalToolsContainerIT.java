package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * The experimental Backend and the Watchpoint job run only where an internal build dropped
 * nn_executor and watchpoint_insert into {@code starfish/bin/private}; elsewhere they fail to resolve.
 */
@ContainerSuite
class InternalToolsContainerIT {

    private static final String MLP = StarfishContainer.HOME + "/examples/mlp.hlo";
    /** An intermediate tensor of mlp.hlo (the first layer's matmul, named as in the HLO). */
    static final String WATCHED_TENSOR = "dot.6";

    @Test
    void internalToolsAreInstalledInPrivate() {
        try (StarfishContainer internal = new StarfishContainer(StarfishImage.INTERNAL)) {
            internal.start();
            for (String tool : BuildOutputs.INTERNAL_TOOLS) {
                String path = StarfishContainer.HOME + "/starfish/bin/private/" + tool;
                ExecResult result = internal.shell("test -x " + path + " && " + path + " --version");
                assertThat(result.getExitCode()).as("%s is an executable in starfish/bin/private that runs here:\n%s",
                        tool, describe(result)).isZero();
            }
        }
    }

    @Test
    void experimentalBackendRunsAndMatchesTheGoldens() throws IOException {
        try (StarfishContainer internal = new StarfishContainer(StarfishImage.INTERNAL)) {
            internal.start();
            String work = StarfishContainer.USER_HOME + "/backend";
            ExecResult result = internal.starfish("compile", MLP, "--output", work + ".neff", "--workdir", work,
                    "--keep-temps", "--enable-experimental-backend");
            assertThat(result.getExitCode()).as("compile with --enable-experimental-backend succeeds:\n%s",
                    describe(result)).isZero();
            JsonNode report = new ObjectMapper().readTree(internal.readFile(work + "/sg00/backend.json"));
            assertThat(report.path("status").asText()).as("nn_executor's report says the BIR matches the goldens: %s",
                    report).isEqualTo("pass");
        }
    }

    @Test
    void watchpointDumpsTheWatchedTensor() {
        try (StarfishContainer internal = new StarfishContainer(StarfishImage.INTERNAL)) {
            internal.start();
            String work = StarfishContainer.USER_HOME + "/watch";
            ExecResult result = internal.starfish("compile", MLP, "--output", work + ".neff", "--workdir", work,
                    "--keep-temps", "--enable-experimental-backend", "--watchpoint", WATCHED_TENSOR);
            assertThat(result.getExitCode()).as("compile with --watchpoint %s succeeds:\n%s", WATCHED_TENSOR,
                    describe(result)).isZero();
            ExecResult dump = internal.shell("ls -l " + work + "/sg00/watchpoints/ && test -s " + work
                    + "/sg00/watchpoints/" + WATCHED_TENSOR + ".bin");
            assertThat(dump.getExitCode()).as("the watched tensor was dumped to sg00/watchpoints/%s.bin:\n%s",
                    WATCHED_TENSOR, describe(dump)).isZero();
        }
    }

    @Test
    void defaultImageCannotFindNnExecutor() {
        try (StarfishContainer shipped = new StarfishContainer(StarfishImage.DEFAULT)) {
            shipped.start();
            ExecResult result = shipped.starfish("compile", MLP, "--output", "mlp.neff",
                    "--enable-experimental-backend");
            assertThat(result.getExitCode())
                    .as("without an internal build the Backend is invalid input (exit 2):\n%s", describe(result))
                    .isEqualTo(2);
            assertThat(result.getStderr()).as("the error names the missing tool")
                    .contains("Could not find nn_executor");
        }
    }
}

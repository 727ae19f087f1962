package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/** The shipped examples compile out of the box, as a non-root user, on a writable or read-only system. */
@ContainerSuite
class ExampleCompileIT {

    @Test
    void everyGoodExampleCompilesAsNonRootIntoAVerifiableNeff() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            ExecResult who = container.shell("id -u");
            assertThat(who.getStdout().trim()).as("the driver runs as a non-root user").isNotEqualTo("0");

            for (String example : BuildOutputs.goodExamples()) {
                String stem = example.substring(0, example.length() - ".hlo".length());
                String neff = StarfishContainer.USER_HOME + "/out/" + stem + ".neff";
                ExecResult result = container.starfish("compile", StarfishContainer.HOME + "/examples/" + example,
                        "--output", neff, "--workdir", StarfishContainer.USER_HOME + "/work/" + stem);
                assertThat(result.getExitCode()).as("example %s compiles with exit 0:\n%s", example, describe(result))
                        .isZero();
                new NeffFile(example, container.readFile(neff)).assertManifestMatchesContent();
            }
        }
    }

    @Test
    void driverWithoutNetworkOrNameResolutionPrintsNoStackTrace() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            ExecResult result = container.starfish("jobs");
            assertThat(result.getExitCode()).as("starfish jobs succeeds:\n%s", describe(result)).isZero();
            assertThat(result.getStderr())
                    .as("in a container without network (its host name does not resolve) a successful run"
                            + " prints no exception or stack trace on stderr")
                    .doesNotContain("Exception").doesNotContain("\tat ");
        }
    }

    @Test
    void compileSucceedsOnAReadOnlyRootFilesystemWithATmpfsWorkDirectory() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)
                .withTmpFs(Map.of("/work", "rw,mode=1777", "/tmp", "rw,exec,mode=1777"))
                .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withReadonlyRootfs(true))) {
            container.start();
            ExecResult probe = container.shell("touch " + StarfishContainer.USER_HOME + "/probe");
            assertThat(probe.getExitCode()).as("the root filesystem (and the user's home) is read-only").isNotZero();

            ExecResult result = container.shell("cd /work && timeout -k 10 240 " + StarfishContainer.STARFISH
                    + " compile " + StarfishContainer.HOME + "/examples/mlp.hlo --output /work/mlp.neff"
                    + " --workdir /work/mlp");
            assertThat(result.getExitCode())
                    .as("mlp.hlo compiles with only /work and /tmp writable:\n%s", describe(result)).isZero();
            new NeffFile("mlp.hlo (read-only root)", container.readFileOnTmpfs("/work/mlp.neff"))
                    .assertManifestMatchesContent();
        }
    }
}

package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * {@code starfish doctor} in the installed image: every check passes for the image's user, and
 * after an operator breaks the installation (a tool without execute permission, the exec shim
 * gone) or the user opens the cache to everyone, the right line names the fault and its fix.
 */
@ContainerSuite
class DoctorIT {

    private static final String HOME = StarfishContainer.HOME;

    @Test
    void theInstalledImagePassesAndEachBreakageGetsItsOwnLine() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();

            ExecResult healthy = container.starfish("doctor");
            assertThat(healthy.getExitCode()).as("doctor passes on the image as installed:\n%s", describe(healthy))
                    .isZero();
            assertThat(healthy.getStdout().lines()).as("every check is OK:\n%s", describe(healthy))
                    .isNotEmpty().allMatch(line -> line.startsWith("OK    "));
            assertThat(healthy.getStdout()).contains("OK    exec shim     libexec/starfish-exec\n")
                    .containsPattern("OK    cache         " + StarfishContainer.USER_HOME + "/.cache/starfish (does not exist yet|"
                            + "\\(yours, writable only by you\\))");
            assertThat(healthy.getStderr()).as("doctor prints no warning on a healthy image").isEmpty();

            ExecResult broken = container.rootShell("chmod 644 " + HOME + "/starfish/bin/hlo2penguin && rm "
                    + HOME + "/libexec/starfish-exec");
            assertThat(broken.getExitCode()).as("root breaks the installation:\n%s", describe(broken)).isZero();
            ExecResult opened = container.shell("mkdir -p $HOME/.cache/starfish && chmod 777 $HOME/.cache/starfish");
            assertThat(opened.getExitCode()).as("the user opens the cache:\n%s", describe(opened)).isZero();

            ExecResult sick = container.starfish("doctor");
            assertThat(sick.getExitCode()).as("doctor fails on the broken image:\n%s", describe(sick)).isEqualTo(1);
            assertThat(sick.getStdout()).as("the non-executable tool, its job, the shim and the cache, each named")
                    .contains("FAIL  tool          starfish/bin/hlo2penguin is not executable (mode rw-r--r--); fix: "
                            + "chmod 755 " + HOME + "/starfish/bin/hlo2penguin\n")
                    .contains("FAIL  job tool      HLOToTensorizer: Could not find hlo2penguin")
                    .contains("FAIL  exec shim     libexec/starfish-exec is missing; every native tool starts through "
                            + "it, so no native job can run; fix: reinstall the distribution")
                    .contains("WARN  cache         " + StarfishContainer.USER_HOME + "/.cache/starfish is writable by "
                            + "group or others (mode rwxrwxrwx)");
            assertThat(sick.getStdout()).as("the rest is still OK").contains("OK    deep-bind")
                    .contains("OK    job tool      WalrusDriver");
        }
    }
}

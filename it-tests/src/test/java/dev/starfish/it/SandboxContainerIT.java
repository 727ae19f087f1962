package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * The tool sandbox in real containers (docs/isolation.md, "Where it cannot run"): where the
 * container allows bubblewrap's namespaces (seccomp and system paths unconfined, not privileged: see {@link StarfishContainer}),
 * every tool step runs sandboxed and doctor says so; with the engine's defaults (its seccomp profile
 * refuses user namespaces, its {@code /proc} is partly masked) {@code auto} warns once and compiles,
 * {@code required} refuses, doctor warns.
 */
@ContainerSuite
class SandboxContainerIT {

    private static final String MODEL = StarfishContainer.HOME + "/examples/mlp.hlo";
    private static final String CONF = StarfishContainer.HOME + "/conf/starfish.properties";

    @Test
    void whereTheContainerAllowsBubblewrapEveryToolStepRunsSandboxed() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();

            ExecResult doctor = container.starfish("doctor");
            assertThat(doctor.getStdout()).as("%s", describe(doctor))
                    .contains("OK    sandbox       on (launcher.sandbox=auto): /usr/bin/bwrap; ");
            ExecResult compile = container.starfish("compile", MODEL, "--workdir", "w");
            assertThat(compile.getExitCode()).as("%s", describe(compile)).isZero();
            assertThat(compile.getStderr()).as("no warning: the steps ran sandboxed").doesNotContain("unsandboxed");
            String log = new String(container.readFile(StarfishContainer.USER_HOME + "/w/log-starfish.txt"),
                    StandardCharsets.UTF_8);
            assertThat(log).as("each tool step ran under bwrap").contains("In its sandbox: cd "
                    + StarfishContainer.USER_HOME + "/w/sg00 && exec /usr/bin/bwrap --unshare-all");

            ExecResult escape = escapingTool(container);
            assertThat(escape.getExitCode()).as("%s", describe(escape)).isEqualTo(1);
            assertThat(escape.getStderr()).as("the tool's own words name what it could not reach")
                    .contains("cannot create ../escaped.txt: Read-only file system").contains("The tool ran in a sandbox");
            assertThat(container.shell("test -e $HOME/e/escaped.txt").getExitCode()).as("nothing escaped").isNotZero();
        }
    }

    @Test
    void whereItCannotAutoWarnsOnceAndCompilesAndRequiredRefuses() {
        try (StarfishContainer container = StarfishContainer.withoutSandboxCapability(StarfishImage.DEFAULT)) {
            container.start();

            ExecResult compile = container.starfish("compile", MODEL, "--workdir", "w");
            assertThat(compile.getExitCode()).as("auto compiles unsandboxed:\n%s", describe(compile)).isZero();
            assertThat(compile.getStderr().lines().filter(line -> line.contains("tool steps run unsandboxed")))
                    .as("one warning for the command's six tool steps:\n%s", describe(compile)).singleElement()
                    .asString().contains("(launcher.sandbox=auto): /usr/bin/bwrap cannot create the sandbox here")
                    .contains("; to sandbox them, allow user namespaces").contains("seccomp=unconfined")
                    .contains("launcher.sandbox=off runs them so without this warning");
            ExecResult doctor = container.starfish("doctor");
            assertThat(doctor.getStdout()).as("%s", describe(doctor))
                    .contains("WARN  sandbox       unavailable (launcher.sandbox=auto): /usr/bin/bwrap cannot create");

            ExecResult required = container.rootShell("sed -i 's/^launcher.sandbox=auto/launcher.sandbox=required/' "
                    + CONF);
            assertThat(required.getExitCode()).as("%s", describe(required)).isZero();
            ExecResult refused = container.starfish("compile", MODEL, "--workdir", "r");
            assertThat(refused.getExitCode()).as("required refuses:\n%s", describe(refused)).isEqualTo(2);
            assertThat(refused.getStderr().lines()).as("one line").singleElement().asString()
                    .startsWith("starfish: error: launcher.sandbox=required, but this host cannot run tool steps in a"
                            + " sandbox: /usr/bin/bwrap cannot create the sandbox here");
            assertThat(container.starfish("doctor").getStdout()).contains("FAIL  sandbox       unavailable "
                    + "(launcher.sandbox=required)");
        }
    }

    /** A private hlo2penguin that writes into the work directory around its step first: run as a compile's step. */
    private static ExecResult escapingTool(StarfishContainer container) {
        String tool = StarfishContainer.HOME + "/starfish/bin/private/hlo2penguin";
        container.putFile(tool, ("#!/bin/sh\necho escaped > ../escaped.txt || exit 3\n"
                + "exec " + StarfishContainer.HOME + "/starfish/bin/hlo2penguin \"$@\"\n").getBytes(StandardCharsets.UTF_8),
                0755);
        return container.starfish("compile", MODEL, "--workdir", "e");
    }
}

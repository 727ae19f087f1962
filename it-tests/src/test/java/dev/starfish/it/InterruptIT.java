package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * Finding 9: SIGTERM or SIGINT sent to {@code bin/starfish} mid-compile. The compile is held in
 * {@code hlo-neff-wrapper} after the tool has begun its output the way the real one does
 * ({@code OUT.neff.tmpXXXXXX}, renamed into place at the end) and started a background child in
 * its process group. The driver must say what happened in one line, exit 128 + the signal, and
 * leave no process, launcher directory, temporary or output behind; the log records it.
 */
@ContainerSuite
class InterruptIT {

    private static final String MLP = StarfishContainer.HOME + "/examples/mlp.hlo";
    private static final String OUTPUT = StarfishContainer.USER_HOME + "/mlp.neff";
    private static final String LOG = StarfishContainer.USER_HOME + "/mlp.work/log-starfish.txt";
    /** Where the compile makes its {@code .neff}, in its work directory, before it is stored and moved to the output. */
    private static final String MADE = StarfishContainer.USER_HOME + "/mlp.work/output.neff";

    /** Begins the output as hlo-neff-wrapper does and starts a child that lives until it is killed. */
    private static final String BEGIN_OUTPUT_AND_FORK = ""
            + "    out=; previous=\n"
            + "    for arg; do [ \"$previous\" = -o ] && out=$arg; previous=$arg; done\n"
            + "    temporary=$(mktemp \"$out.tmpXXXXXX\") && echo partial > \"$temporary\"\n"
            + "    tail -f /dev/null &\n"
            + "    setsid sleep 3600 &\n"
            + "    detail=\" $! $temporary\"\n";

    @Test
    void sigtermToTheDriverStopsEveryToolSaysSoAndExits143() {
        interruptMidCompile("TERM", 143);
    }

    @Test
    void sigintToTheDriverStopsEveryToolSaysSoAndExits130() {
        interruptMidCompile("INT", 130);
    }

    private static void interruptMidCompile(String signal, int status) {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            HeldCompile.installHoldingTool(container, "hlo-neff-wrapper", BEGIN_OUTPUT_AND_FORK);
            HeldCompile compile = HeldCompile.start(container, "compile", MLP, "--output", OUTPUT,
                    "--workdir", "mlp.work");
            String held = compile.awaitEvent();
            assertThat(held).as("the compile is held in hlo-neff-wrapper (driver output: %s)", compile.output())
                    .matches("tool \\d+ \\d+ " + MADE + "\\.tmp\\S{6}");
            // the child's pid is its sandbox's (a PID namespace of its own): it is found by its command
            String temporary = held.split(" ")[3];
            assertThat(userProcesses(container, compile, false)).as("before the signal: driver, JVM, shim, tool and"
                    + " its child run").anyMatch(p -> p.contains(" java ")).anyMatch(p -> p.contains(" starfish-exec "))
                    .anyMatch(p -> p.endsWith(" sleep 3600"));

            ExecResult kill = container.shell("kill -" + signal + " " + compile.driverPid());
            assertThat(kill.getExitCode()).as("SIG%s sent to bin/starfish:\n%s", signal, describe(kill)).isZero();
            assertThat(compile.awaitEvent()).as("the driver exits with 128 + SIG%s (driver output: %s)", signal,
                    compile.output()).isEqualTo("driver exited " + status);

            assertThat(compile.stderr()).as("the user reads one line saying what stopped the compile")
                    .isEqualTo("starfish: compile interrupted (SIG" + signal + "); tools stopped\n");
            assertThat(userProcesses(container, compile, true)).as("no tool, tool child, setsid grandchild (the shim is a "
                    + "child subreaper), shim, JVM or driver of user is left").isEmpty();
            assertThat(launcherDirectories(container)).as("no /dev/shm/starfish-launcher-* of user is left").isEmpty();
            assertThat(container.shell("ls -a " + StarfishContainer.USER_HOME).getStdout().lines())
                    .as("neither %s nor the tool's temporary %s is left", OUTPUT, temporary)
                    .noneMatch(name -> name.startsWith("mlp.neff"));
            assertThat(container.shell("ls -a " + StarfishContainer.USER_HOME + "/mlp.work").getStdout().lines())
                    .as("neither the unpublished %s nor the tool's temporary %s is left", MADE, temporary)
                    .noneMatch(name -> name.startsWith("output.neff"));
            assertLogEndsWithTheInterruption(container, signal);
        }
    }

    /** The log's last record is the interruption, written after the tools were stopped. */
    private static void assertLogEndsWithTheInterruption(StarfishContainer container, String signal) {
        List<String> lines = container.shell("cat " + LOG).getStdout().lines().toList();
        String interruption = "compile interrupted (SIG" + signal + "); tools stopped while running job NeffWrapper";
        assertThat(lines).as("%s", LOG).isNotEmpty();
        assertThat(lines.get(lines.size() - 1)).as("the last record of %s:\n%s", LOG, String.join("\n", lines))
                .contains(interruption);
        assertThat(lines).as("the launcher recorded stopping the tools before that")
                .anyMatch(line -> line.contains("running tool(s): the compile received SIG" + signal));
    }

    /**
     * Live processes of user ({@code pid comm args}), except the container's own (its init, pid 1,
     * and the idle command it runs), the shell that reports the driver's exit and, with
     * {@code exceptServer}, the resident server and its warm host's shared spawn server, which
     * outlive a command by design (the tools that spawn server started for the command are kept).
     */
    private static List<String> userProcesses(StarfishContainer container, HeldCompile compile,
            boolean exceptServer) {
        String gate = compile.gatePid();
        List<String> lines = container.rootExec("ps", "-u", "user", "-o", "pid=,ppid=,stat=,comm=,args=").getStdout()
                .lines().map(String::trim).filter(line -> !line.isEmpty()).toList();
        List<String> servers = lines.stream().filter(line -> exceptServer)
                .filter(line -> line.contains(" dev.starfish.runtime.server.ServerMain"))
                .map(line -> line.split("\\s+")[0]).toList();
        return lines.stream()
                .filter(line -> !line.split("\\s+")[2].startsWith("Z"))
                .filter(line -> !List.of("1", gate).contains(line.split("\\s+")[0]))
                .filter(line -> !servers.contains(line.split("\\s+")[0]))
                .filter(line -> !(servers.contains(line.split("\\s+")[1]) && line.contains("starfish-exec --server")))
                .filter(line -> !line.matches("\\d+\\s+1\\s+\\S+\\s+sleep\\s+sleep infinity"))
                .map(line -> line.replaceFirst("^(\\S+)\\s+\\S+\\s+\\S+\\s+", "$1 "))
                .toList();
    }

    private static List<String> launcherDirectories(StarfishContainer container) {
        return container.rootExec("find", "/dev/shm", "-maxdepth", "1", "-user", "user", "-name",
                "starfish-launcher-*").getStdout().lines().toList();
    }
}

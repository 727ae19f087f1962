package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.ProcessResult;
import dev.starfish.runtime.NativeTestBinaries;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The launcher supervising real tools: large output, process trees, limits, dying JVMs. Every
 * wait is for an event (a process appearing or going, a thread ending), never for a duration.
 */
class ProcessSupervisionTest extends LauncherTestBase {

    @Test
    void gigabyteOfOutputCompletesInSmallHeap() throws Exception {
        Process child = ChildJvm.start(ChildLauncherMain.class, jvm("-Xmx64m"),
                List.of(work.toString(), NativeTestBinaries.testTool("spew").toString(), Long.toString(1L << 30)));
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(child.waitFor()).as("child JVM output: %s", out).isZero();
        assertThat(out).contains("lines=16777216 status=exit status 0 maxHeapMb=")
                .contains("00000000000016777215");
    }

    @Test
    void grandchildHoldingThePipeIsKilledWhenTheToolEnds() throws Exception {
        String tag = uniqueSleep(3600);
        try {
            ProcessResult result = launcher.run(sh("Grandchild", "sleep " + tag + " & echo hi").build());

            assertThat(result.outputHead()).containsExactly("hi");
            assertThat(ProcessTable.awaitGone(tag))
                    .as("the hour-long sleep holding the pipe was killed with the tool's group, not waited for")
                    .isEmpty();
        } finally {
            ProcessTable.killAll(tag);
        }
    }

    @Test
    void aGrandchildThatEscapedWithSetsidIsKilledBeforeTheRunReturns() throws Exception {
        String tag = uniqueSleep(3600);
        String script = "mkfifo escaped; setsid sh -c 'echo out > escaped; exec sleep " + tag + "' &"
                + " read line < escaped; echo hi";
        try {
            ProcessResult result = launcher.run(sh("Escaped", script).build());

            assertThat(result.success()).isTrue();
            assertThat(result.outputHead()).containsExactly("hi");
            assertThat(ProcessTable.withArgument(tag))
                    .as("the shim is a child subreaper: the sleep that left the tool's process group with setsid "
                            + "is killed and reaped before the shim exits")
                    .isEmpty();
        } finally {
            ProcessTable.killAll(tag);
        }
    }

    @Test
    void wallClockTimeoutKillsTheWholeTree() throws Exception {
        String first = uniqueSleep(3600);
        String second = uniqueSleep(3601);
        Command command = sh("Slow", "sleep " + first + " & sleep " + second).timeout(Duration.ofSeconds(1)).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining(": wall-clock timeout of 1 s exceeded\n")
                .satisfies(e -> assertThat(((ChildProcessException) e).result().timedOut()).isTrue());

        assertThat(ProcessTable.awaitGone(first)).as("background sleep killed").isEmpty();
        assertThat(ProcessTable.awaitGone(second)).as("foreground sleep killed").isEmpty();
    }

    @Test
    void cpuLimitStopsABusyLoop() {
        Command command = Command.builder("Busy", work, List.of(NativeTestBinaries.testTool("busy-loop").toString()))
                .cpuLimitSeconds(1).timeout(Duration.ofSeconds(3600)).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining(": CPU time limit of 1 s exceeded\n")
                .satisfies(e -> assertThat(((ChildProcessException) e).result().cpuLimitExceeded()).isTrue());
    }

    @Test
    void killedJvmLeavesNoToolBehind() throws Exception {
        String tag = uniqueSleep(3600);
        Process child = ChildJvm.start(ChildLauncherMain.class, jvm("-Xmx64m"),
                List.of(work.toString(), "/bin/sleep", tag));
        try {
            ProcessTable.awaitPresent(tag);
            child.destroyForcibly();
            child.waitFor();

            assertThat(ProcessTable.awaitGone(tag)).as("the shim saw its lifeline close and killed the sleep")
                    .isEmpty();
        } finally {
            child.destroyForcibly();
            ProcessTable.killAll(tag);
        }
    }

    @Test
    void interruptKillsTheToolAndRestoresTheFlag() throws Exception {
        String tag = uniqueSleep(3600);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> flag = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                launcher.run(Command.builder("Sleeper", work, List.of("/bin/sleep", tag)).build());
            } catch (RuntimeException e) {
                thrown.set(e);
            }
            flag.set(Thread.currentThread().isInterrupted());
        });
        runner.start();
        ProcessTable.awaitPresent(tag);
        runner.interrupt();
        runner.join();

        assertThat(thrown.get()).isInstanceOf(RunInterruptedException.class)
                .hasMessage("Job \"Sleeper\" was interrupted; the process group of sleep was killed"
                        + " (killed by signal 15 (SIGTERM))");
        assertThat(flag.get()).as("interrupt flag restored").isTrue();
        assertThat(ProcessTable.awaitGone(tag)).isEmpty();
    }
}

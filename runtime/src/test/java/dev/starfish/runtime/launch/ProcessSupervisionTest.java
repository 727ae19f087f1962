package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import dev.starfish.api.ProcessResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The launcher supervising real tools: large output, process trees, limits, dying JVMs, the spawn cap. */
class ProcessSupervisionTest extends LauncherTestBase {

    @Test
    void gigabyteOfOutputCompletesInSmallHeap() throws Exception {
        Process child = ChildJvm.start(ChildLauncherMain.class, List.of("-Xmx64m"),
                List.of(work.toString(), TestBinaries.testTool("spew").toString(), Long.toString(1L << 30)));
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(child.waitFor()).as("child JVM output: %s", out).isZero();
        assertThat(out).contains("lines=16777216 status=exited with status 0 maxHeapMb=")
                .contains("00000000000016777215");
    }

    @Test
    void grandchildHoldingThePipeDoesNotHangTheRun() {
        long start = System.nanoTime();
        ProcessResult result = launcher.run(sh("Grandchild", "sleep 30 & echo hi").build());

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(result.outputHead()).containsExactly("hi");
    }

    @Test
    void escapedGrandchildHoldingThePipeIsAbandonedAfterTheDrain() throws Exception {
        String tag = uniqueSleep(30);
        try {
            long start = System.nanoTime();
            ProcessResult result = launcher.run(sh("Escaped", "setsid sleep " + tag + " & sleep 0.3; echo hi").build());

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            assertThat(result.success()).isTrue();
            assertThat(ProcessTable.withArgument(tag)).as("setsid put the sleep out of the shim's reach").isNotEmpty();
        } finally {
            ProcessTable.killAll(tag);
        }
    }

    @Test
    void wallClockTimeoutKillsTheWholeTree() throws Exception {
        String first = uniqueSleep(30);
        String second = uniqueSleep(31);
        Command command = sh("Slow", "sleep " + first + " & sleep " + second).timeout(Duration.ofSeconds(1)).build();

        long start = System.nanoTime();
        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining(": wall-clock timeout of 1 s exceeded\n")
                .satisfies(e -> assertThat(((ChildProcessException) e).result().timedOut()).isTrue());

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(ProcessTable.awaitGone(first, 2000)).as("background sleep killed").isEmpty();
        assertThat(ProcessTable.awaitGone(second, 2000)).as("foreground sleep killed").isEmpty();
    }

    @Test
    void cpuLimitStopsABusyLoop() {
        Command command = Command.builder("Busy", work, List.of(TestBinaries.testTool("busy-loop").toString()))
                .cpuLimitSeconds(1).timeout(Duration.ofSeconds(30)).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining(": CPU time limit of 1 s exceeded\n")
                .satisfies(e -> assertThat(((ChildProcessException) e).result().cpuLimitExceeded()).isTrue());
    }

    @Test
    void killedJvmLeavesNoToolBehind() throws Exception {
        String tag = uniqueSleep(300);
        Process child = ChildJvm.start(ChildLauncherMain.class, List.of("-Xmx64m"),
                List.of(work.toString(), "/bin/sleep", tag));
        try {
            ProcessTable.awaitPresent(tag, 15_000);
            child.destroyForcibly();
            child.waitFor();

            assertThat(ProcessTable.awaitGone(tag, 2000)).as("the shim saw its lifeline close and killed the sleep")
                    .isEmpty();
        } finally {
            child.destroyForcibly();
            ProcessTable.killAll(tag);
        }
    }

    @Test
    void interruptKillsTheToolAndRestoresTheFlag() throws Exception {
        String tag = uniqueSleep(30);
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
        ProcessTable.awaitPresent(tag, 5000);
        runner.interrupt();
        runner.join(5000);

        assertThat(runner.isAlive()).as("run returned after the interrupt").isFalse();
        assertThat(thrown.get()).isInstanceOf(JobException.class).hasMessageContaining("Sleeper\" was interrupted");
        assertThat(flag.get()).as("interrupt flag restored").isTrue();
        assertThat(ProcessTable.awaitGone(tag, 2000)).isEmpty();
    }
}

package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.Command;
import dev.starfish.runtime.NativeTestBinaries;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link ProcessLauncher#stopAll}: the clean shutdown path of an interrupted compile. */
class LauncherStopTest extends LauncherTestBase {

    private static final String REASON = "the compile received SIGTERM";

    private Command busyLoop(String job, String tag) {
        return Command.builder(job, work, List.of(NativeTestBinaries.testTool("busy-loop").toString(), tag)).build();
    }

    @Test
    void stopAllKillsTheRunningToolsGroupAndTheWaitingThreadIsToldWhy() throws Exception {
        Path reports = Files.createDirectories(work.resolve("reports"));
        String tag = uniqueSleep(0);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        try (ProcessLauncher stoppable = new ProcessLauncher(launcher.settings().withReportDir(reports),
                launcher.resolver())) {
            Thread runner = new Thread(() -> {
                try {
                    stoppable.run(busyLoop("Busy", tag));
                } catch (RuntimeException e) {
                    thrown.set(e);
                }
            });
            runner.start();
            long tool = ProcessTable.awaitPresent("busy-loop", tag);
            assertThat(ProcessTable.inGroup(tool)).as("the tool leads its own process group").contains(tool);
            assertThat(entries(reports)).as("the shim path's private report directory; the server writes no files")
                    .hasSize(spawnServer() ? 0 : 1);

            stoppable.stopAll(REASON);
            runner.join();

            assertThat(ProcessTable.awaitGroupGone(tool)).as("the tool's process group is gone").isEmpty();
            assertThat(entries(reports)).as("the report directory was removed").isEmpty();
            // the name comes from the shim's report; on the shim path the shim itself may be stopped before it
            // writes one, and the driver keeps no signal-name table of its own
            assertThat(thrown.get()).isInstanceOf(RunInterruptedException.class);
            assertThat(thrown.get().getMessage()).matches(java.util.regex.Pattern.quote("Job \"Busy\" was interrupted: "
                    + "the compile received SIGTERM; the process group of busy-loop was killed (killed by signal 15")
                    + "( \\(SIGTERM\\))?\\)");
        }
    }

    @Test
    void aStoppedLauncherStartsNoToolAndStoppingAgainIsHarmless() {
        launcher.stopAll(REASON);
        launcher.stopAll("a second signal");

        assertThatThrownBy(() -> launcher.run(busyLoop("Late", "x"))).isInstanceOf(RunInterruptedException.class)
                .hasMessage("Job \"Late\" was interrupted: the compile received SIGTERM; its tool busy-loop was not"
                        + " started");
        assertThat(work.resolve("replay_Late.sh")).as("nothing was prepared for it either").doesNotExist();
    }

    @Test
    void aShutdownHookStopsTheToolsOfAJvmThatIsTerminated() throws Exception {
        Path reports = Files.createDirectories(work.resolve("reports"));
        String tag = uniqueSleep(0);
        Process child = ChildJvm.start(StoppingLauncherMain.class, jvm("-Xmx64m"), List.of(reports.toString(),
                work.toString(), NativeTestBinaries.testTool("busy-loop").toString(), tag));
        try {
            long tool = ProcessTable.awaitPresent("busy-loop", tag);
            child.toHandle().destroy();
            String out;
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                out = String.join("\n", reader.lines().toList());
            }
            child.waitFor();

            assertThat(out).as("the job thread's outcome in the terminated JVM").contains("interrupted: Job \"Child\""
                    + " was interrupted: the compile received SIGTERM; the process group of busy-loop was killed");
            assertThat(ProcessTable.awaitGroupGone(tool)).as("no tool left running").isEmpty();
            assertThat(entries(reports)).as("no starfish-launcher-* report directory left behind").isEmpty();
        } finally {
            child.destroyForcibly();
        }
    }

    private static List<Path> entries(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }
}

package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import dev.starfish.runtime.NativeTestBinaries;
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

/** The spawn server's own faults: it dies under a running tool, or is started once for many tools. */
class SpawnServerTest extends LauncherTestBase {

    @Test
    void oneServerStartsEveryToolOfALauncher() {
        launcher.run(sh("First", "true").build());
        long server = serverPid().orElseThrow();
        launcher.run(sh("Second", "true").build());

        assertThat(serverPid()).as("the same server process started both tools").contains(server);
    }

    @Test
    void aServerKilledUnderARunningToolTerminatesItsToolAndTheNextRunGetsANewServer() throws Exception {
        String tag = uniqueSleep(3600);
        AtomicReference<ProcessResult> lost = new AtomicReference<>();
        Thread runner = new Thread(() -> lost.set(launcher.run(Command.builder("Sleeper", work,
                List.of("/bin/sleep", tag)).propagateExit(false).build())));
        try {
            runner.start();
            ProcessTable.awaitPresent(tag);
            long server = serverPid().orElseThrow();
            ProcessHandle.of(server).orElseThrow().destroyForcibly();
            runner.join();

            assertThat(lost.get().status()).as("the supervisor saw its lifeline close, terminated the tool and"
                    + " still reported it: supervisors share the response pipe, not the server's fate")
                    .isEqualTo(ExitStatus.signaled(15, "SIGTERM"));
            assertThat(ProcessTable.awaitGone(tag)).isEmpty();
            ProcessResult next = launcher.run(sh("Next", "echo fine").build());
            assertThat(next.outputHead()).containsExactly("fine");
            assertThat(serverPid()).as("a new server").isPresent().get().isNotEqualTo(server);
        } finally {
            ProcessTable.killAll(tag);
        }
    }

    /**
     * The reader of a killed server sees the end of its response pipe only when the last supervisor
     * exits; a supervisor whose tool ignores SIGTERM holds it for the whole grace. A run in between
     * must get a new server, not the dead one's "ended unexpectedly".
     */
    @Test
    void aRunRightAfterTheServerDiedGetsANewServerWhileASupervisorStillHoldsTheOldPipe() throws Exception {
        String tag = uniqueSleep(3600);
        LauncherSettings patient = LauncherSettings.forHome(home).withShim(NativeTestBinaries.shim())
                .withMaxConcurrentProcesses(4).withDefaultGrace(Duration.ofSeconds(60)).withSpawnServer(true);
        try (ProcessLauncher slow = new ProcessLauncher(patient, ToolResolver.forHome(home, Optional.empty()))) {
            Thread runner = new Thread(() -> slow.run(sh("Stubborn", "trap '' TERM; exec /bin/sleep " + tag)
                    .propagateExit(false).build()));
            runner.start();
            try {
                ProcessTable.awaitPresent(tag);
                ProcessHandle server = ProcessHandle.of(serverPid().orElseThrow()).orElseThrow();
                server.destroyForcibly();
                server.onExit().get();

                ProcessResult next = slow.run(sh("Next", "echo fine").build());
                assertThat(next.outputHead()).containsExactly("fine");
                assertThat(serverPid()).as("a new server").isPresent().get().isNotEqualTo(server.pid());
            } finally {
                ProcessTable.killAll(tag);
                runner.join();
            }
        }
    }

    @Test
    void aShimThatDoesNotKnowServerFailsTheRunNamingItsExitAndItsComplaint() throws Exception {
        Path oldShim = work.resolve("starfish-exec");
        Files.writeString(oldShim, "#!/bin/sh\necho \"starfish-exec: unknown option '$1' (put the tool after '--')\" >&2\n"
                + "exit 125\n");
        Files.setPosixFilePermissions(oldShim, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (ProcessLauncher old = new ProcessLauncher(launcher.settings().withShim(oldShim), launcher.resolver());
                LogCapture log = new LogCapture(SpawnServer.class)) {
            ProcessResult result = old.run(sh("Old", "true").propagateExit(false).build());

            assertThat(result.status().kind()).isEqualTo(ExitStatus.Kind.FAILED_TO_START);
            assertThat(result.failure()).isEqualTo("the spawn server " + oldShim + " ended unexpectedly (exit status 125)");
            assertThat(log.lines()).as("the server's own complaint reaches the log")
                    .anyMatch(line -> line.contains("unknown option '--server'"));
        }
    }

    @Test
    void concurrentToolsOutputsArriveWholeAndApartOverTheSharedPipe() throws Exception {
        Command spew = Command.builder("Spew", work, List.of(NativeTestBinaries.testTool("spew").toString(), "1000000"))
                .headLines(1).tailLines(1).useLogger(false).build();
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<ProcessResult>> results = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                results.add(callers.submit(() -> launcher.run(spew)));
            }
            for (Future<ProcessResult> result : results) {
                ProcessResult done = result.get();
                assertThat(done.outputLines()).as("1 000 000 bytes in 64-byte lines, none lost or mixed in")
                        .isEqualTo(15625);
                assertThat(done.outputHead().get(0)).startsWith("00000000000000000000");
                assertThat(done.outputTail().get(0)).startsWith("00000000000000015624");
            }
        } finally {
            callers.shutdown();
        }
    }

    @Test
    void aSinkThatThrowsEndsOnlyItsOwnRunAndStopsItsTool() throws Exception {
        String tag = uniqueSleep(3600);
        SpawnServer server = new SpawnServer(NativeTestBinaries.shim(), Duration.ofMillis(500));
        ToolStarter starter = server.starterFor(ToolEnvironment.ofJvm());
        try {
            Command loud = sh("Loud", "echo boom; exec sleep " + tag).build();
            ToolStarter.StartedTool broken = starter.start(loud, Duration.ofMillis(500), line -> {
                throw new IllegalStateException("appender failed");
            }, line -> { });
            ToolStarter.StartedTool fine = starter.start(sh("Fine", "echo ok").build(), Duration.ofMillis(500),
                    line -> { }, line -> { });

            assertThat(broken.await().failure()).isEqualTo("reading its output failed (java.lang.IllegalStateException:"
                    + " appender failed); the tool was stopped");
            assertThat(fine.await().status()).isEqualTo(ExitStatus.exited(0));
            assertThat(ProcessTable.awaitGone(tag)).isEmpty();
        } finally {
            server.close();
            ProcessTable.killAll(tag);
        }
    }

    /** The {@code starfish-exec --server} child of this JVM, if one runs. */
    private static Optional<Long> serverPid() {
        return ProcessHandle.current().children()
                .filter(child -> child.isAlive() && child.info().arguments().map(a -> List.of(a).contains("--server"))
                        .orElse(false))
                .map(ProcessHandle::pid).findFirst();
    }
}

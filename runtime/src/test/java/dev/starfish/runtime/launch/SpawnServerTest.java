package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
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

    /** The {@code starfish-exec --server} child of this JVM, if one runs. */
    private static Optional<Long> serverPid() {
        return ProcessHandle.current().children()
                .filter(child -> child.isAlive() && child.info().arguments().map(a -> List.of(a).contains("--server"))
                        .orElse(false))
                .map(ProcessHandle::pid).findFirst();
    }
}

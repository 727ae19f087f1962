package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Launchers of several commands on one {@link SharedSpawnServer}, as a resident server's commands
 * are: one server process for all, each command's environment, stop and close its own.
 */
class SharedSpawnServerTest extends LauncherTestBase {

    private final SharedSpawnServer shared = new SharedSpawnServer();

    @AfterEach
    void closeShared() {
        shared.close();
    }

    private ProcessLauncher sharing(Map<String, String> environment) {
        return new ProcessLauncher(launcher.settings(), launcher.resolver(), ToolEnvironment.of(environment), shared);
    }

    @Test
    void twoLaunchersStartTheirToolsOnOneServerProcessEachInItsOwnEnvironment() {
        try (ProcessLauncher first = sharing(Map.of("WHO", "first"));
                ProcessLauncher second = sharing(Map.of("WHO", "second"))) {
            ProcessResult one = first.run(sh("One", "echo \"$WHO\"").build());
            List<Long> afterOne = serverPids();
            ProcessResult two = second.run(sh("Two", "echo \"$WHO\"").build());

            assertThat(one.outputHead()).containsExactly("first");
            assertThat(two.outputHead()).containsExactly("second");
            assertThat(afterOne).hasSize(1);
            assertThat(serverPids()).as("the second launcher's tool started on the first one's server")
                    .isEqualTo(afterOne);
        }
    }

    @Test
    void stopAllOnOneLauncherKillsOnlyItsToolWhileTheOtherLaunchersToolGoesOn() throws Exception {
        String stopped = uniqueSleep(3600);
        String going = uniqueSleep(3601);
        Path go = work.resolve("go");
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<ProcessResult> finished = new AtomicReference<>();
        try (ProcessLauncher cancelled = sharing(Map.of()); ProcessLauncher other = sharing(Map.of())) {
            Thread first = new Thread(() -> {
                try {
                    cancelled.run(Command.builder("Cancelled", work, List.of("/bin/sleep", stopped)).build());
                } catch (RuntimeException e) {
                    thrown.set(e);
                }
            });
            Thread second = new Thread(() -> finished.set(other.run(Command.builder("Other", work, List.of("/bin/sh",
                    "-c", "while [ ! -e go ]; do /bin/sleep 0.05; done; echo went", going)).build())));
            first.start();
            second.start();
            try {
                ProcessTable.awaitPresent(stopped);
                ProcessTable.awaitPresent("sh", going);

                cancelled.stopAll("the compile received SIGINT");
                first.join();

                assertThat(thrown.get()).isInstanceOf(RunInterruptedException.class)
                        .hasMessageContaining("the compile received SIGINT");
                assertThat(ProcessTable.awaitGone(stopped)).as("the cancelled launcher's tool").isEmpty();
                assertThat(ProcessTable.withProgramAndArgument("sh", going)).as("the other launcher's tool still runs")
                        .isNotEmpty();
                Files.createFile(go);
                second.join();
                assertThat(finished.get().status()).isEqualTo(ExitStatus.exited(0));
                assertThat(finished.get().outputHead()).containsExactly("went");
                assertThat(serverPids()).as("one server started both and still runs").hasSize(1);
            } finally {
                ProcessTable.killAll(stopped);
                Files.writeString(go, "", StandardOpenOption.CREATE);
                first.join();
                second.join();
            }
        }
    }

    @Test
    void closingALauncherLeavesTheServerAndTheNextLauncherUsesIt() {
        long server;
        try (ProcessLauncher first = sharing(Map.of())) {
            first.run(sh("First", "true").build());
            server = serverPids().get(0);
        }
        try (ProcessLauncher next = sharing(Map.of())) {
            ProcessResult result = next.run(sh("Next", "echo again").build());

            assertThat(result.outputHead()).containsExactly("again");
            assertThat(serverPids()).containsExactly(server);
        }
    }

    @Test
    void aSharedServerThatDiedIsStartedAgainAtTheNextTool() throws Exception {
        try (ProcessLauncher first = sharing(Map.of())) {
            first.run(sh("First", "true").build());
            ProcessHandle server = ProcessHandle.of(serverPids().get(0)).orElseThrow();
            server.destroyForcibly();
            server.onExit().get();

            ProcessResult next = first.run(sh("Next", "echo fine").build());

            assertThat(next.outputHead()).containsExactly("fine");
            assertThat(serverPids()).hasSize(1).doesNotContain(server.pid());
        }
    }

    @Test
    void aClosedSharedServerStartsNoToolAndSaysWhy() {
        try (ProcessLauncher late = sharing(Map.of())) {
            late.run(sh("Early", "true").build());
            shared.close();

            ProcessResult result = late.run(sh("Late", "true").propagateExit(false).build());

            assertThat(result.status().kind()).isEqualTo(ExitStatus.Kind.FAILED_TO_START);
            assertThat(result.failure()).contains("the launcher was closed");
            assertThat(serverPids()).isEmpty();
        }
    }

    @Test
    void aLauncherWhoseShimDiffersFromTheSharedServersIsRefusedNamingBoth() {
        try (ProcessLauncher first = sharing(Map.of())) {
            Path other = work.resolve("other-starfish-exec");
            assertThatThrownBy(() -> new ProcessLauncher(launcher.settings().withShim(other), launcher.resolver(),
                    ToolEnvironment.of(Map.of()), shared)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the shared spawn server runs " + launcher.settings().shim() + " with a grace of PT0.5S,"
                            + " this launcher's settings say " + other + " and PT0.5S");
        }
    }

    /** The {@code starfish-exec --server} children of this JVM that are alive. */
    private static List<Long> serverPids() {
        return ProcessHandle.current().children()
                .filter(child -> child.isAlive() && child.info().arguments().map(a -> List.of(a).contains("--server"))
                        .orElse(false))
                .map(ProcessHandle::pid).toList();
    }
}

package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import dev.starfish.api.ProcessResult;
import dev.starfish.runtime.NativeTestBinaries;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The launcher running real tools through the real {@code starfish-exec} shim: statuses, streams, replay. */
class ProcessLauncherTest extends LauncherTestBase {

    @Test
    void exitCodeThreeIsReportedWithExactMessage() {
        Command command = sh("Exit3", "echo one; echo two; exit 3").build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessage("Child process job \"Exit3\" exited abnormally! exit status 3\n"
                        + "Last output:\n    one\n    two\n"
                        + "Replay this job by calling: " + work.resolve("replay_Exit3.sh"))
                .satisfies(e -> assertThat(((ChildProcessException) e).result().status())
                        .isEqualTo(ExitStatus.exited(3)));
    }

    @Test
    void aSilentFailureHasNoEmptyOutputSection() {
        Command command = sh("WalrusDriver", "exit 1").build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessage("Child process job \"WalrusDriver\" exited abnormally! exit status 1\n"
                        + "Replay this job by calling: " + work.resolve("replay_WalrusDriver.sh"));
    }

    @Test
    void toolOutputNamingItsToolIsNotPrefixedTwice() throws IOException {
        Path tool = work.resolve("walrus_driver");
        Files.writeString(tool, "#!/bin/sh\necho 'walrus_driver: error: bad shape'\necho 'plain line'\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));

        try (LogCapture log = new LogCapture(ProcessLauncher.class)) {
            launcher.run(Command.builder("WalrusDriver", work, List.of(tool.toString())).build());

            assertThat(log.lines()).contains("walrus_driver: error: bad shape", "walrus_driver: plain line")
                    .noneMatch(line -> line.startsWith("walrus_driver: walrus_driver:"));
        }
    }

    @Test
    void nonZeroExitIsReturnedWhenExitsAreNotPropagated() {
        ProcessResult result = launcher.run(sh("Exit3", "exit 3").propagateExit(false).build());

        assertThat(result.status()).isEqualTo(ExitStatus.exited(3));
        assertThat(result.success()).isFalse();
        assertThat(result.maxRssKb()).as("the shim reports the peak RSS").isPositive();
    }

    @Test
    void signalDeathIsReportedByName() {
        ProcessResult result = launcher.run(sh("Killed", "kill -KILL $$").propagateExit(false).build());

        assertThat(result.status()).isEqualTo(ExitStatus.signaled(9, "SIGKILL"));
        assertThatThrownBy(() -> launcher.run(sh("Killed", "kill -KILL $$").build()))
                .hasMessageStartingWith("Child process job \"Killed\" exited abnormally! killed by signal 9 (SIGKILL) (")
                .as("an unexplained SIGKILL points at the memory limit").hasMessageContaining("out-of-memory killer")
                .hasMessageContaining("Raise the memory limit");
    }

    @Test
    void missingProgramIsReportedAsCouldNotStart() {
        Command command = Command.builder("Ghost", work, List.of(work.resolve("no-such-tool").toString())).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageStartingWith("Child process job \"Ghost\" exited abnormally! could not start: ")
                .hasMessageContaining("No such file or directory")
                .satisfies(e -> assertThat(((ChildProcessException) e).result().status().kind())
                        .isEqualTo(ExitStatus.Kind.FAILED_TO_START));
    }

    @Test
    void mergedStderrArrivesInOutput() {
        ProcessResult result = launcher.run(sh("Merged", "echo out; echo err >&2; echo out2").exposeStderr(true).build());

        assertThat(result.outputHead()).containsExactly("out", "err", "out2");
        assertThat(result.errorTail()).isEmpty();
    }

    @Test
    void separateStderrIsKeptApartAndShownOnFailure() {
        Command command = sh("Separate", "echo out; echo err >&2; exit 1").build();
        ProcessResult result = launcher.run(sh("Separate", "echo out; echo err >&2").build());

        assertThat(result.outputHead()).containsExactly("out");
        assertThat(result.errorTail()).containsExactly("err");
        assertThatThrownBy(() -> launcher.run(command)).hasMessageContaining(
                "Last output:\n    out\nLast error output:\n    err\nReplay this job by calling: ");
    }

    @Test
    void replayScriptIsExecutableAndReproducesOutput() throws Exception {
        List<String> argv = List.of("/bin/echo", "it's", "$HOME", "a  b", "`id`", "-n1");
        ProcessResult result = launcher.run(Command.builder("Echo", work, argv).replayName("echo").build());

        Path script = work.resolve("replay_echo.sh");
        assertThat(result.replayScript()).isEqualTo(script);
        assertThat(Files.getPosixFilePermissions(script)).isEqualTo(PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(Files.readString(script)).startsWith("#!/bin/sh\n");
        Process replay = new ProcessBuilder(script.toString()).redirectErrorStream(true).start();
        String replayed = new String(replay.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(replay.waitFor()).isZero();
        assertThat(replayed).isEqualTo(String.join("\n", result.outputHead()) + "\n")
                .isEqualTo("it's $HOME a  b `id` -n1\n");
        try (var leftovers = Files.list(work)) {
            assertThat(leftovers.map(p -> p.getFileName().toString()))
                    .as("no temporary file is left behind").containsExactly("replay_echo.sh");
        }
    }

    @Test
    void aChangedCommandReplacesTheOldReplayScript() throws IOException {
        launcher.run(Command.builder("Echo", work, List.of("/bin/echo", "first")).replayName("echo").build());
        launcher.run(Command.builder("Echo", work, List.of("/bin/echo", "second")).replayName("echo").build());

        assertThat(Files.readString(work.resolve("replay_echo.sh"))).contains("/bin/echo second")
                .doesNotContain("first");
    }

    @Test
    void envOverrideAndRemovalReachTheChild() {
        ProcessResult result = launcher.run(sh("Env", "echo \"$STARFISH_TEST_VAR\"; echo \"${HOME-unset}\"")
                .env("STARFISH_TEST_VAR", "a b$c").removeEnv("HOME").build());

        assertThat(result.outputHead()).containsExactly("a b$c", "unset");
    }

    @Test
    void bareProgramNameIsResolvedThroughTheToolDirectories() throws IOException {
        Path bin = Files.createDirectories(home.resolve("starfish/bin"));
        Path tool = bin.resolve("hello_tool");
        Files.writeString(tool, "#!/bin/sh\necho hello from \"$0\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));

        ProcessResult result = launcher.run(Command.builder("Hello", work, List.of("hello_tool")).build());

        assertThat(result.outputHead()).containsExactly("hello from " + tool);
        assertThat(result.command().argv()).containsExactly(tool.toString());
    }

    @Test
    void outputHeadAndTailAreBounded() {
        Command command = Command.builder("Spew", work, List.of(NativeTestBinaries.testTool("spew").toString(), "64000"))
                .headLines(3).tailLines(2).useLogger(false).build();

        ProcessResult result = launcher.run(command);

        assertThat(result.outputLines()).isEqualTo(1000);
        assertThat(result.outputHead()).extracting(line -> line.substring(0, 20))
                .containsExactly("00000000000000000000", "00000000000000000001", "00000000000000000002");
        assertThat(result.outputTail()).extracting(line -> line.substring(0, 20))
                .containsExactly("00000000000000000998", "00000000000000000999");
    }

    @Test
    void veryLongLineIsTruncated() {
        ProcessResult result = launcher.run(sh("Long", "head -c 1000000 /dev/zero | tr '\\0' a; echo; echo next").build());

        assertThat(result.outputHead()).hasSize(2);
        assertThat(result.outputHead().get(0)).startsWith("a".repeat(8192) + " [... line truncated: 1000000 bytes")
                .hasSizeLessThan(8300);
        assertThat(result.outputHead().get(1)).isEqualTo("next");
    }

    @Test
    void argumentWithNulByteIsRefused() {
        assertThatThrownBy(() -> Command.builder("Nul", work, List.of("/bin/echo", "a\0b")).build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("contains a NUL byte");
    }

    @Test
    void invalidEnvironmentNameIsRefused() {
        assertThatThrownBy(() -> launcher.run(sh("Env", "true").env("A=B", "x").build()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'A=B'");
    }

    @Test
    void missingShimFailsNamingTheExpectedPath() {
        Path missing = home.resolve("libexec/starfish-exec");
        try (ProcessLauncher broken = ProcessLauncher.forHome(home)) {
            assertThatThrownBy(() -> broken.run(sh("NoShim", "true").build())).isInstanceOf(JobException.class)
                    .hasMessageContaining("starfish-exec was not found at " + missing);
        }
    }

    @Test
    void concurrencyCapIsHonoured() throws Exception {
        Path gates = Files.createDirectories(work.resolve("gates"));
        // a name of its own: $$ is 2 for every tool in a sandbox's PID namespace (ProcessLauncherInSandboxTest)
        String script = "g=$(mktemp -u \"$1/gate.XXXXXX\"); mkfifo \"$g\"; ls \"$1\" | wc -l; read go < \"$g\"; rm \"$g\"";
        int runs = 6;
        try (ProcessLauncher capped = launcher(2)) {
            ExecutorService callers = Executors.newFixedThreadPool(runs);
            List<Future<ProcessResult>> results = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                Command command = Command.builder("Cap", work, List.of("/bin/sh", "-c", script, "cap", gates.toString()))
                        .replayName("cap" + i).build();
                results.add(callers.submit(() -> capped.run(command)));
            }
            for (int released = 0; released < runs; released++) {
                int expected = Math.min(2, runs - released);
                List<Path> waiting = FileEvents.awaitEntries(gates, expected);
                assertThat(waiting).as("tools holding a slot after %d were released", released).hasSize(expected);
                Files.writeString(waiting.get(0), "go\n");
                FileEvents.awaitGone(waiting.get(0));
            }
            List<Integer> seen = new ArrayList<>();
            for (Future<ProcessResult> result : results) {
                seen.add(Integer.parseInt(result.get().outputHead().get(0).trim()));
            }
            callers.shutdown();

            assertThat(seen).as("tools each saw waiting (itself included) when it started").allMatch(n -> n <= 2);
        }
    }
}

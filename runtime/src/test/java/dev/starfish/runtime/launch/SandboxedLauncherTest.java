package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import dev.starfish.runtime.NativeTestBinaries;
import dev.starfish.runtime.sandbox.SandboxMode;
import dev.starfish.runtime.sandbox.SandboxSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compile's step in its sandbox: how the tool ended comes through {@code bwrap} as it does
 * without it (a signal is a signal, the CPU limit and the timeout are told apart), and the step
 * may write its own directory only.
 */
class SandboxedLauncherTest extends LauncherTestBase {

    @TempDir
    Path compile;

    @Override
    ProcessLauncher launcher(int slots) {
        return SandboxedLaunchers.requireSandbox(super.launcher(slots).forCompile(compile));
    }

    @Test
    void aToolKilledBySigsegvIsReportedAsKilledBySigsegv() {
        ProcessResult result = launcher.run(tool("Segv", "kill-self", "11").propagateExit(false).build());

        assertThat(result.status()).isEqualTo(ExitStatus.signaled(11, "SIGSEGV"));
    }

    @Test
    void aToolsOwnExitCodeComesThroughUnchanged() {
        ProcessResult result = launcher.run(sh("Exit7", "exit 7").propagateExit(false).build());

        assertThat(result.status()).isEqualTo(ExitStatus.exited(7));
    }

    @Test
    void theCpuLimitStopsASandboxedToolAndSaysSo() {
        Command command = tool("Busy", "busy-loop").cpuLimitSeconds(1).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining("killed by signal 24 (SIGXCPU): CPU time limit of 1 s exceeded");
    }

    @Test
    void theTimeoutStopsASandboxedToolAndSaysSo() {
        Command command = tool("Busy", "busy-loop").timeout(Duration.ofMillis(300)).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining("(SIGTERM): wall-clock timeout of 0.3 s exceeded");
    }

    @Test
    void aStepWritesItsOwnDirectoryButNotTheWorkDirectoryAroundIt() throws IOException {
        Path step = Files.createDirectories(compile.resolve("sg00"));
        Command command = Command.builder("Writer", step, List.of("/bin/sh", "-c",
                "echo made > mine.txt && echo escaped > ../escaped.txt")).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining("../escaped.txt: Read-only file system")
                .hasMessageContaining("The tool ran in a sandbox: it could write only its step directory " + step);
        assertThat(step.resolve("mine.txt")).hasContent("made");
        assertThat(compile.resolve("escaped.txt")).doesNotExist();
    }

    @Test
    void aStepSeesOfTheWorkDirectoryOnlyWhatItsJobDeclaresItConsumes() throws IOException {
        Path step = Files.createDirectories(compile.resolve("sg00"));
        Files.writeString(compile.resolve("tensor_map.json"), "declared\n");
        Files.writeString(Files.createDirectories(compile.resolve("sg01")).resolve("model.hlo"), "another's\n");
        Files.writeString(compile.resolve("compile.json"), "undeclared\n");
        ProcessLauncher job = launcher.withDeclaredInputs(List.of(compile.resolve("tensor_map.json"),
                compile.resolve("not-made-yet.json")));

        ProcessResult seen = job.run(Command.builder("Reader", step, List.of("/bin/sh", "-c",
                "cat ../tensor_map.json && ls -a ..")).build());

        assertThat(seen.outputTail()).as("the declared file, the step, nothing else").containsExactly("declared", ".",
                "..", "sg00", "tensor_map.json");
        for (String undeclared : List.of("../compile.json", "../sg01/model.hlo")) {
            assertThatThrownBy(() -> job.run(Command.builder("Reader", step, List.of("/bin/cat", undeclared)).build()))
                    .isInstanceOf(ChildProcessException.class)
                    .hasMessageContaining("cat: " + undeclared + ": No such file or directory")
                    .hasMessageContaining("the artifacts its job declares it consumes");
        }
        assertThatThrownBy(() -> job.run(Command.builder("Writer", step, List.of("/bin/sh", "-c",
                "echo x > ../beside.txt")).build())).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining("../beside.txt: Read-only file system");
        assertThatThrownBy(() -> job.run(Command.builder("Writer", step, List.of("/bin/sh", "-c",
                "echo x > ../tensor_map.json")).build())).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining("../tensor_map.json: Read-only file system");
        assertThat(compile.resolve("tensor_map.json")).hasContent("declared");
    }

    @Test
    void aWriteOutsideEveryMountFailsRatherThanVanishing() {
        Command command = Command.builder("Writer", compile, List.of("/bin/sh", "-c", "echo x > /made-up.txt")).build();

        assertThatThrownBy(() -> launcher.run(command)).isInstanceOf(ChildProcessException.class)
                .hasMessageContaining("/made-up.txt: Read-only file system");
    }

    @Test
    void aWritableDirectoryMissingWhenAStepStartsIsNamedInOneWarningPerCommand() throws IOException {
        Path missing = compile.resolve("scratch-never-made");
        Path marker = Files.writeString(compile.resolve("marker"), "a file is let through as a directory is\n");
        Path step = Files.createDirectories(compile.resolve("sg00"));
        LauncherSettings settings = launcher.settings().withSandbox(new SandboxSettings(SandboxMode.AUTO,
                List.of(missing, marker)));
        try (ProcessLauncher withScratch = SandboxedLaunchers.requireSandbox(
                new ProcessLauncher(settings, launcher.resolver()).forCompile(compile));
                LogCapture log = new LogCapture(StepSandbox.class)) {
            withScratch.run(Command.builder("First", step, List.of("/bin/true")).build());
            withScratch.withDeclaredInputs(List.of()).run(Command.builder("Second", step, List.of("/bin/true")).build());

            assertThat(log.lines()).as("one warning for the command, naming the missing path (not the file) and the job")
                    .containsExactly("launcher.sandbox.writable names " + missing + ", which does not exist when"
                            + " job First's step starts: its steps run without it (make it first, or remove it from"
                            + " launcher.sandbox.writable)");
        }
    }

    @Test
    void theReplayScriptRunsTheStepInTheSameSandboxOrWithoutIt() throws Exception {
        Path step = Files.createDirectories(compile.resolve("sg00"));
        launcher.run(Command.builder("Escape", step, List.of("/bin/sh", "-c", "echo x > ../escaped.txt || true"))
                .replayName("escape").build());
        Path script = step.resolve("replay_escape.sh");

        assertThat(replay(script, false)).isZero();
        assertThat(compile.resolve("escaped.txt")).as("replayed in the sandbox").doesNotExist();
        assertThat(replay(script, true)).isZero();
        assertThat(compile.resolve("escaped.txt")).as("replayed without it").exists();
    }

    private static int replay(Path script, boolean unsandboxed) throws IOException, InterruptedException {
        ProcessBuilder replay = new ProcessBuilder(script.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        if (unsandboxed) {
            replay.environment().put(ReplayScriptWriter.UNSANDBOXED, "1");
        }
        return replay.start().waitFor();
    }

    private Command.Builder tool(String job, String name, String... args) {
        List<String> argv = new java.util.ArrayList<>(List.of(NativeTestBinaries.testTool(name).toString()));
        argv.addAll(List.of(args));
        return Command.builder(job, compile, argv);
    }
}

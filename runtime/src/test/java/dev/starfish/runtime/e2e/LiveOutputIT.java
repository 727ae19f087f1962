package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's console output reaches the user as it is written, on the system's own awk
 * (Debian's mawk reads a pipe in blocks): every tool of a compile is held at a gate, and each
 * progress line must arrive, through a pipe and through a pseudo-terminal, while the next tool
 * is still held; stderr never overtakes stdout.
 */
class LiveOutputIT {

    private static final List<String> PIPELINE = List.of("Frontend", "StaticIOTranspose", "HLOToTensorizer",
            "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "Kelper", "NeffWrapper", "SaveTemps");
    /** The steps (1-based) whose job runs a tool, in the order the tools start. */
    private static final List<Integer> TOOL_STEPS = List.of(3, 4, 5, 6, 8);

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void throughAPipeEachFinishedJobsLineArrivesBeforeTheNextToolRuns() throws Exception {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        GatedTools gates = GatedTools.install(copy, cwd);
        Process driver = start(copy, List.of(copy.home().resolve("bin/starfish").toString(), "compile",
                copy.example("mlp.hlo").toString()));
        ArrivingText out = ArrivingText.of(driver.getInputStream());

        for (int step : TOOL_STEPS) {
            gates.awaitHeldTool(label(step));
            for (int done = 1; done < step; done++) {
                out.await(Pattern.compile(Pattern.quote(label(done) + " done in ")), "while " + label(step)
                        + "'s tool was held");
            }
            gates.release();
        }

        String text = out.awaitEnd();
        assertThat(driver.waitFor()).as("%s\n%s", text, Files.readString(cwd.resolve("err.txt"))).isZero();
        assertThat(text.lines()).hasSize(PIPELINE.size() + 1).last().asString().startsWith("Compiled ");
    }

    @Test
    void onATerminalTheStatusLineOfEachJobArrivesWhileItsToolIsHeld() throws Exception {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        GatedTools gates = GatedTools.install(copy, cwd);
        String command = "'" + copy.home().resolve("bin/starfish") + "' compile '" + copy.example("mlp.hlo") + "'";
        Process terminal = start(copy, List.of("script", "-qfec", command, "/dev/null"));
        ArrivingText out = ArrivingText.of(terminal.getInputStream());

        for (int step : TOOL_STEPS) {
            gates.awaitHeldTool(label(step));
            out.await(Pattern.compile(Pattern.quote(label(step)) + " +elapsed "), "while its tool was held");
            gates.release();
        }

        String text = out.awaitEnd();
        assertThat(terminal.waitFor()).as("%s", text).isZero();
        assertThat(text).contains("Compiled ");
    }

    @Test
    void aToolsFailureOnStderrComesAfterTheProgressLinesBeforeIt() throws Exception {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path failing = copy.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(failing, "#!/bin/sh\nexit 3\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(failing, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder merged = builder(copy, List.of(copy.home().resolve("bin/starfish").toString(), "compile",
                copy.example("mlp.hlo").toString())).redirectErrorStream(true);
        Process driver = merged.start();
        String text = ArrivingText.of(driver.getInputStream()).awaitEnd();

        assertThat(driver.waitFor()).as("%s", text).isEqualTo(1);
        List<String> lines = text.lines().toList();
        int error = lines.indexOf(lines.stream().filter(line -> line.startsWith("starfish: error: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no error line: " + text)));
        assertThat(lines.subList(0, error)).as("stdout and stderr in the order they were written: %s", text)
                .hasSizeGreaterThanOrEqualTo(3).allMatch(line -> line.matches("\\[\\d/9\\] \\w+ (done in|failed after) .*"));
        assertThat(lines.get(error)).contains("WalrusDriver");
    }

    private static String label(int step) {
        return "[" + step + "/" + PIPELINE.size() + "] " + PIPELINE.get(step - 1);
    }

    private Process start(AssembledDistribution copy, List<String> command) throws IOException {
        return builder(copy, command).redirectError(cwd.resolve("err.txt").toFile()).start();
    }

    private ProcessBuilder builder(AssembledDistribution copy, List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        builder.environment().remove("STARFISH_HOME");
        builder.environment().put("STARFISH_CACHE_DIR", cwd.resolve(".cache").toString());
        return builder;
    }
}

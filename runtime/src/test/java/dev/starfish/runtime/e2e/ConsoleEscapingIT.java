package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Control characters of a model's file name and of a tool's output reach neither the console nor
 * the log file raw, on the real distribution: no title set, no screen cleared, no line overwritten.
 */
class ConsoleEscapingIT {

    /** Sets the window title, rings the bell, clears the screen, homes the cursor and returns the carriage. */
    private static final String HOSTILE = "\u001b]0;pwned\u0007\u001b[2J\u001b[H\r";
    private static final String SHOWN = "\\x1b]0;pwned\\x07\\x1b[2J\\x1b[H\\r";

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private static void assertNoRawControls(String what, String text) {
        assertThat(text).as("%s has no raw control character: %s", what, text)
                .doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\r");
    }

    @Test
    void aModelNameWithControlCharactersIsShownEscapedOnTheConsoleAndInTheLog() throws IOException {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("m" + HOSTILE + ".hlo"));

        AssembledDistribution.Run compile = dist.run(cwd, "compile", model.getFileName().toString(), "-o", "m.neff",
                "--log-level", "info");

        assertThat(compile.exitCode()).as("%s", compile).isZero();
        assertNoRawControls("stdout", compile.stdout());
        assertNoRawControls("stderr", compile.stderr());
        assertThat(compile.stdout()).contains("Compiled m" + SHOWN + ".hlo -> ");
        assertThat(compile.stderr()).as("the info lines name the model escaped").contains("m" + SHOWN);
        String log = Files.readString(cwd.resolve("log-starfish.txt"));
        assertNoRawControls("the log file", log);
        assertThat(log).contains("m" + SHOWN);
    }

    @Test
    void aToolsOutputWithControlCharactersIsShownEscapedInTheFailure() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path tool = copy.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!/bin/sh\nprintf 'boom\\033]0;pwned\\007\\033[2J\\033[H\\rfake line\\n' >&2\nexit 3\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));

        AssembledDistribution.Run compile = copy.run(cwd, "compile", dist.example("mlp.hlo").toString());

        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(1);
        assertNoRawControls("stderr", compile.stderr());
        assertNoRawControls("stdout", compile.stdout());
        assertThat(compile.stderr()).contains("boom" + SHOWN + "fake line");
        String log = Files.readString(cwd.resolve("log-starfish.txt"));
        assertNoRawControls("the log file", log);
        assertThat(log).contains("boom" + SHOWN + "fake line");
    }
}

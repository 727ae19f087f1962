package dev.starfish.runtime.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What reaches the terminal through the console's escaping stream. */
class EscapingOutputStreamTest {

    private static String through(String... writes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(new EscapingOutputStream(bytes), true, StandardCharsets.UTF_8)) {
            for (String write : writes) {
                out.print(write);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void titleClearScreenBellAndCarriageReturnAreShownAsText() throws IOException {
        assertThat(through("model \u001b]0;pwned\u0007\u001b[2J\u001b[H\rfake.hlo\n"))
                .isEqualTo("model \\x1b]0;pwned\\x07\\x1b[2J\\x1b[H\\rfake.hlo\n");
    }

    @Test
    void colourPassesAndTabsAndLineEndsStay() throws IOException {
        assertThat(through("\u001b[1;33mUsage\u001b[0m\tx\n")).isEqualTo("\u001b[1;33mUsage\u001b[0m\tx\n");
    }

    @Test
    void aSequenceSplitAcrossWritesIsJudgedWhole() throws IOException {
        assertThat(through("a\u001b", "[1", "m", "b\u001b", "[2", "Jc")).isEqualTo("a\u001b[1mb\\x1b[2Jc");
    }

    @Test
    void c1ControlsAreEscapedAndOtherTextIsUntouched() throws IOException {
        assertThat(through("\u009b2J é ∑ \u00a0\u0085")).isEqualTo("\\u009b2J é ∑ \u00a0\\u0085");
    }

    @Test
    void anEscapeLeftOpenAtTheEndIsWrittenAsText() throws IOException {
        assertThat(through("end\u001b[")).isEqualTo("end\\x1b[");
    }

    @Test
    void aLineForTheConsoleEscapesItsLineEndsAndTheLogKeepsThem() {
        assertThat(ConsoleText.line("a\nstarfish: ok\r\u001b")).isEqualTo("a\\nstarfish: ok\\r\\x1b");
        assertThat(ConsoleText.keepingLineEnds("a\nb\r\u001b")).isEqualTo("a\nb\\r\\x1b");
    }
}

package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.log.EscapingOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command writes its console through {@link EscapingOutputStream}, one byte at a time, into the
 * stream {@link FrameOutputStream#printStream} makes: each line must reach the client as one frame in
 * one write (it was one frame per byte, and so one write by the client per byte: 1 500 for `jobs`),
 * and as soon as it is printed, as on the one-shot driver's console.
 */
class FrameOutputStreamTest {

    /** What the connection's channel saw: one entry per write. */
    private static final class Writes extends OutputStream {
        final List<byte[]> writes = new ArrayList<>();

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            writes.add(Arrays.copyOfRange(bytes, offset, offset + length));
        }
    }

    private static PrintStream console(Writes channel) {
        PrintStream raw = FrameOutputStream.printStream(new FrameWriter(channel), Frame.STDOUT);
        return new PrintStream(new EscapingOutputStream(raw), true, StandardCharsets.UTF_8);
    }

    @Test
    void aLineWrittenByteByByteIsOneFrameInOneWrite() {
        Writes channel = new Writes();

        console(channel).println("JOB                KIND");

        assertThat(channel.writes).hasSize(1);
        assertThat(channel.writes.get(0)).isEqualTo(FrameReaderTest.frame('O',
                "JOB                KIND\n".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void eachPrintIsSentWhenItIsMadeAsOnTheOneShotConsole() {
        Writes channel = new Writes();
        PrintStream out = console(channel);

        out.print("first\n");
        assertThat(channel.writes).hasSize(1);
        assertThat(new String(channel.writes.get(0), 5, 6, StandardCharsets.UTF_8)).isEqualTo("first\n");

        out.print("second");
        assertThat(channel.writes).as("a prompt without its newline is not held back").hasSize(2);
        assertThat(new String(channel.writes.get(1), 5, 6, StandardCharsets.UTF_8)).isEqualTo("second");
    }

    @Test
    void outputLongerThanTheBufferIsSentWhole() {
        Writes channel = new Writes();
        PrintStream out = console(channel);
        String longLine = "x".repeat(20_000);

        out.println(longLine);

        ByteArrayOutputStream payloads = new ByteArrayOutputStream();
        for (byte[] write : channel.writes) {
            assertThat(write[0]).isEqualTo(Frame.STDOUT);
            payloads.write(write, 5, write.length - 5);
        }
        assertThat(payloads.toString(StandardCharsets.UTF_8)).isEqualTo(longLine + "\n");
        assertThat(channel.writes).hasSizeLessThanOrEqualTo(4);
    }
}

package dev.starfish.runtime.log;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The console's last line of defence: UTF-8 bytes on their way to stdout or stderr with every
 * control character shown as {@link ConsoleText} shows it, except newline, tab, and colour (SGR,
 * {@code ESC [ digits ; … m}: Picocli's coloured help), which cannot move the cursor, clear the
 * screen or set a title. Whatever a line holds, it reaches the terminal as text. The progress
 * display, which redraws its line with cursor moves, writes past this stream and escapes its own
 * text. Not thread-safe by itself: {@link java.io.PrintStream} serialises its writes.
 */
public final class EscapingOutputStream extends FilterOutputStream {

    private static final int ESC = 0x1b;
    private static final int LONGEST_SGR = 32;

    /** Bytes of a possible colour sequence, or of a two-byte UTF-8 character starting 0xc2, held back. */
    private final byte[] pending = new byte[LONGEST_SGR];
    private int held;

    public EscapingOutputStream(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        int c = b & 0xff;
        if (held > 0) {
            continueHeld(c);
        } else if (c == ESC || c == 0xc2) {
            pending[held++] = (byte) c;
        } else if (c < 0x80 && ConsoleText.isEscaped(c, true)) {
            out.write(ConsoleText.shown(c).getBytes(StandardCharsets.US_ASCII));
        } else {
            out.write(c);
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            write(bytes[i]);
        }
    }

    private void continueHeld(int c) throws IOException {
        if ((pending[0] & 0xff) == 0xc2) {
            held = 0;
            if (c >= 0x80 && c < 0xa0) {
                out.write(ConsoleText.shown(c).getBytes(StandardCharsets.US_ASCII));
            } else {
                out.write(0xc2);
                write(c);
            }
            return;
        }
        boolean sgrSoFar = held == 1 ? c == '[' : c == ';' || c >= '0' && c <= '9' || c == 'm';
        if (!sgrSoFar || held == pending.length - 1) {
            releaseEscaped();
            write(c);
            return;
        }
        pending[held++] = (byte) c;
        if (c == 'm') {
            out.write(pending, 0, held);
            held = 0;
        }
    }

    /** Writes what was held as text: its ESC escaped, the rest (printable by construction) as is. */
    private void releaseEscaped() throws IOException {
        out.write(ConsoleText.shown(ESC).getBytes(StandardCharsets.US_ASCII));
        out.write(pending, 1, held - 1);
        held = 0;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** What is still held (an unfinished escape sequence) is written as text, then the stream closed. */
    @Override
    public void close() throws IOException {
        if (held > 0 && pending[0] == ESC) {
            releaseEscaped();
        } else if (held > 0) {
            out.write(pending, 0, held);
            held = 0;
        }
        super.close();
    }
}

package dev.starfish.runtime.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Reads a byte stream to its end and hands every line (without its {@code \n}, and without a
 * trailing {@code \r}) to a consumer as soon as it is complete. Memory is bounded: a line longer
 * than {@code maxLineBytes} is cut there and marked with how long it really was; the rest of the
 * line is read and dropped. Bytes are decoded as UTF-8, malformed input replaced.
 */
final class LineSplitter {

    /** The longest line kept, in bytes; the rest of a longer line is dropped. */
    static final int DEFAULT_MAX_LINE_BYTES = 8 * 1024;

    private static final int READ_BUFFER_BYTES = 64 * 1024;

    private final int maxLineBytes;
    private final Consumer<String> consumer;
    private byte[] line; // allocated at the first byte: most tools of a compile print little or nothing
    private int length;
    private long dropped;

    LineSplitter(int maxLineBytes, Consumer<String> consumer) {
        this.maxLineBytes = maxLineBytes;
        this.consumer = consumer;
    }

    /** Reads {@code in} until end of stream; the last line is delivered even without a final newline. */
    void pump(InputStream in) throws IOException {
        byte[] buffer = new byte[READ_BUFFER_BYTES];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            feed(buffer, 0, n);
        }
        end();
    }

    /** Takes the next {@code count} bytes of the stream, for a caller that is handed chunks rather than a stream. */
    void feed(byte[] buffer, int offset, int count) {
        int start = offset;
        int stop = offset + count;
        for (int i = offset; i < stop; i++) {
            if (buffer[i] == '\n') {
                append(buffer, start, i - start);
                emit();
                start = i + 1;
            }
        }
        append(buffer, start, stop - start);
    }

    /** The end of the stream: delivers the last line even without a final newline. */
    void end() {
        if (length > 0 || dropped > 0) {
            emit();
        }
    }

    private void append(byte[] buffer, int offset, int count) {
        int room = maxLineBytes - length;
        int kept = Math.min(room, count);
        if (kept > 0) {
            if (line == null) {
                line = new byte[maxLineBytes];
            }
            System.arraycopy(buffer, offset, line, length, kept);
        }
        length += kept;
        dropped += count - kept;
    }

    private void emit() {
        int end = length;
        if (dropped == 0 && end > 0 && line[end - 1] == '\r') {
            end--;
        }
        String text = end == 0 ? "" : new String(line, 0, end, StandardCharsets.UTF_8);
        if (dropped > 0) {
            text = text + " [... line truncated: " + (length + dropped) + " bytes, kept the first " + length + "]";
        }
        length = 0;
        dropped = 0;
        consumer.accept(text);
    }
}

package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A command's stdout or stderr on its client's connection: every write is sent at once as frames of
 * {@code type}. Writes after the client went away are dropped. Commands write through
 * {@link #printStream}, buffered and flushed at each line as the one-shot driver's console is, so a
 * line is one frame, not one frame (and one write by the client) per byte.
 */
final class FrameOutputStream extends OutputStream {

    private static final int BUFFER = 8192;

    private final FrameWriter writer;
    private final byte type;

    /** The stream a command writes its stdout or stderr to: line-flushed, as the one-shot console. */
    static PrintStream printStream(FrameWriter writer, byte type) {
        return new PrintStream(new BufferedOutputStream(new FrameOutputStream(writer, type), BUFFER), true,
                StandardCharsets.UTF_8);
    }

    FrameOutputStream(FrameWriter writer, byte type) {
        this.writer = requireNonNull(writer, "writer is null");
        this.type = type;
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        for (int done = 0; done < length; ) {
            int chunk = Math.min(Frame.MAX_OTHER, length - done);
            if (!writer.write(type, bytes, offset + done, chunk)) {
                return;
            }
            done += chunk;
        }
    }
}

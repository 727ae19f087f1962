package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import java.io.OutputStream;

/**
 * A command's stdout or stderr on its client's connection: every write is sent at once as frames of
 * {@code type} (the caller's {@code PrintStream} decides when to write, so output is as live as on a
 * terminal). Writes after the client went away are dropped.
 */
final class FrameOutputStream extends OutputStream {

    private final FrameWriter writer;
    private final byte type;

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

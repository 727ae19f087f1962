package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes the server's frames on one connection; safe for several threads (a command's stdout and
 * stderr are written from any of its threads). Once a write fails (the client is gone) every later
 * one is dropped: the command's output has nowhere to go, and its cancel is the connection's to make.
 */
final class FrameWriter {

    private final OutputStream out;
    private boolean broken;

    FrameWriter(OutputStream out) {
        this.out = requireNonNull(out, "out is null");
    }

    /** Writes one frame; false when the client can no longer be written to. */
    synchronized boolean write(byte type, byte[] bytes, int offset, int length) {
        if (broken) {
            return false;
        }
        try {
            out.write(new byte[] {type, (byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8),
                (byte) length});
            out.write(bytes, offset, length);
            out.flush();
            return true;
        } catch (IOException e) {
            broken = true;
            return false;
        }
    }

    boolean write(Frame frame) {
        return write(frame.type(), frame.payload(), 0, frame.payload().length);
    }

    synchronized boolean broken() {
        return broken;
    }
}

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

    private static final int HEADER = 5;

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
            // one write per frame: a heap buffer written to a channel is copied to a direct one each time
            byte[] frame = new byte[HEADER + length];
            frame[0] = type;
            frame[1] = (byte) (length >>> 24);
            frame[2] = (byte) (length >>> 16);
            frame[3] = (byte) (length >>> 8);
            frame[4] = (byte) length;
            System.arraycopy(bytes, offset, frame, HEADER, length);
            out.write(frame);
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

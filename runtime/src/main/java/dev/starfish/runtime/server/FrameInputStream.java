package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A command's stdin from its client: nothing is asked for until the command first reads, so a
 * command that never reads leaves the user's stdin to whatever comes next (as the one-shot driver
 * does); the first read sends {@link Frame#WANT_STDIN}, and the connection's reader hands over
 * the client's {@link Frame#STDIN} frames through {@link #offer}.
 */
final class FrameInputStream extends InputStream {

    private static final byte[] END = new byte[0];

    private final FrameWriter writer;
    private final BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
    private boolean asked;
    private boolean ended;
    private byte[] current = new byte[0];
    private int position;

    FrameInputStream(FrameWriter writer) {
        this.writer = requireNonNull(writer, "writer is null");
    }

    /** Hands over a chunk of the client's stdin. */
    void offer(byte[] bytes) {
        if (bytes.length > 0) {
            chunks.add(bytes);
        }
    }

    /** The client's stdin ended, or the client went away. */
    void end() {
        chunks.add(END);
    }

    @Override
    public synchronized int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public synchronized int read(byte[] bytes, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (position == current.length) {
            if (ended) {
                return -1;
            }
            if (!asked) {
                asked = true;
                writer.write(new Frame(Frame.WANT_STDIN, new byte[0]));
            }
            try {
                current = chunks.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading the client's stdin");
            }
            position = 0;
            if (current == END) {
                ended = true;
            }
        }
        int n = Math.min(length, current.length - position);
        System.arraycopy(current, position, bytes, offset, n);
        position += n;
        return n;
    }
}

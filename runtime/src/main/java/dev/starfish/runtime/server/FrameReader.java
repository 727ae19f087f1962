package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads the client's frames from one connection. A frame of a type a client never sends, or over
 * its type's limit, is refused before its payload is read (a length of 4 GiB allocates nothing).
 */
final class FrameReader {

    private final InputStream in;

    FrameReader(InputStream in) {
        this.in = requireNonNull(in, "in is null");
    }

    /** The next frame, or {@code null} at a clean end of the stream between frames. */
    Frame next() throws IOException, ProtocolException {
        int type = in.read();
        if (type < 0) {
            return null;
        }
        byte[] header = readFully(4, "the length of a frame of type " + Frame.name((byte) type));
        long length = ((header[0] & 0xffL) << 24) | ((header[1] & 0xff) << 16) | ((header[2] & 0xff) << 8)
                | (header[3] & 0xff);
        int limit = Frame.limitFromClient((byte) type);
        if (limit < 0) {
            throw new ProtocolException("a frame of unknown type " + Frame.name((byte) type)
                    + " (expected one of 'Q', 'I', 'i', 'K', 'Z', 'S')");
        }
        if (length > limit) {
            throw new ProtocolException("a frame of type " + Frame.name((byte) type) + " of " + length
                    + " bytes (at most " + limit + ")");
        }
        return new Frame((byte) type, readFully((int) length, "the payload of a frame of type "
                + Frame.name((byte) type) + " (" + length + " bytes)"));
    }

    private byte[] readFully(int length, String what) throws IOException, ProtocolException {
        byte[] bytes = new byte[length];
        int done = 0;
        while (done < length) {
            int n;
            try {
                n = in.read(bytes, done, length - done);
            } catch (EOFException e) {
                n = -1;
            }
            if (n < 0) {
                throw new ProtocolException("the connection ended inside " + what + " after " + done + " of "
                        + length + " bytes");
            }
            done += n;
        }
        return bytes;
    }
}

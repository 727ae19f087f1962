package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;

/** One frame of the protocol: a type byte and its payload ({@code docs/server.md}). */
record Frame(byte type, byte[] payload) {

    /** Client to server: the request (argv, directory, environment, terminal), first and once. */
    static final byte REQUEST = 'Q';
    /** Client to server: bytes of the client's stdin, after {@link #WANT_STDIN}. */
    static final byte STDIN = 'I';
    /** Client to server: the client's stdin ended. */
    static final byte STDIN_EOF = 'i';
    /** Client to server: one byte, the signal the client got (1 SIGHUP, 2 SIGINT, 15 SIGTERM). */
    static final byte SIGNAL = 'K';
    /** Client to server, alone on a connection: exit once no request runs. */
    static final byte STOP_WHEN_IDLE = 'Z';
    /** Client to server, alone on a connection: answer the server's status as JSON. */
    static final byte STATUS = 'S';
    /** Server to client: stdout bytes. */
    static final byte STDOUT = 'O';
    /** Server to client: stderr bytes. */
    static final byte STDERR = 'E';
    /** Server to client: the command reads its stdin; start sending it. */
    static final byte WANT_STDIN = 'W';
    /** Server to client: four bytes, the exit code; the last frame. */
    static final byte EXIT = 'X';

    /** The largest request payload. */
    static final int MAX_REQUEST = 1 << 20;
    /** The largest payload of every other frame. */
    static final int MAX_OTHER = 64 << 10;

    Frame {
        requireNonNull(payload, "payload is null");
    }

    static Frame of(byte type, String text) {
        return new Frame(type, text.getBytes(StandardCharsets.UTF_8));
    }

    static Frame exit(int code) {
        return new Frame(EXIT, new byte[] {0, 0, 0, (byte) (code & 0xff)});
    }

    /** The largest payload a frame of {@code type} may carry, or -1 for a type a client never sends. */
    static int limitFromClient(byte type) {
        return switch (type) {
            case REQUEST -> MAX_REQUEST;
            case STDIN, STDIN_EOF, SIGNAL, STOP_WHEN_IDLE, STATUS -> MAX_OTHER;
            default -> -1;
        };
    }

    /** The type as the protocol writes it, printable ({@code 'Q'}, {@code 0x07}). */
    static String name(byte type) {
        return type >= 0x21 && type <= 0x7e ? "'" + (char) type + "'" : String.format("0x%02x", type & 0xff);
    }
}

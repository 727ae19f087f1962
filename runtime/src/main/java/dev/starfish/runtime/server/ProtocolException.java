package dev.starfish.runtime.server;

/** A client broke the protocol: what was expected, what came. The message is one line for the client. */
final class ProtocolException extends Exception {

    private static final long serialVersionUID = 1L;

    ProtocolException(String message) {
        super(message);
    }
}

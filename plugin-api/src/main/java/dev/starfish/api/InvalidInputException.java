package dev.starfish.api;

/**
 * The user's input is invalid: a model that does not parse, an unknown job, a tool that
 * cannot be found. The driver exits 2. The seed's {@code CompilerInvalidInputException}.
 */
public class InvalidInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }

    public InvalidInputException(String message, Throwable cause) {
        super(message, cause);
    }
}

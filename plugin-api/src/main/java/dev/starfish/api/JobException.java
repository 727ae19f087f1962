package dev.starfish.api;

/** A job failed; the compile stops and the driver exits 1. */
public class JobException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JobException(String message) {
        super(message);
    }

    public JobException(String message, Throwable cause) {
        super(message, cause);
    }
}

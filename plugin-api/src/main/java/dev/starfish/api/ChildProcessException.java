package dev.starfish.api;

import static java.util.Objects.requireNonNull;

/**
 * A tool started for a job ended abnormally. The message starts with the seed's
 * {@code Child process job "<Job>" exited abnormally!} and goes on with the status,
 * the last lines of output and the replay script.
 */
public final class ChildProcessException extends JobException {
    private static final long serialVersionUID = 1L;

    private final transient ProcessResult result;

    public ChildProcessException(String message, ProcessResult result) {
        super(message);
        this.result = requireNonNull(result, "result is null");
    }

    public ProcessResult result() {
        return result;
    }
}

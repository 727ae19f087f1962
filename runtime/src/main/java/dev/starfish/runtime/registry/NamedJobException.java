package dev.starfish.runtime.registry;

import dev.starfish.api.JobException;

/**
 * A job's failure whose message already names the job (and the subgraph, when there is one), as
 * the host words it: {@code job Foo (foo.jar) failed: …}. The host passes one of these on as it is
 * and names the job in any other {@link JobException} a plugin throws, so every job failure the
 * user reads says which job failed.
 */
public class NamedJobException extends JobException {
    private static final long serialVersionUID = 1L;

    public NamedJobException(String message, Throwable cause) {
        super(message, cause);
    }
}

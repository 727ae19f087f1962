package dev.starfish.runtime.compile;

import dev.starfish.api.JobException;

/** The compile was stopped by a signal; the guard has already told the user, stopped the tools and cleaned up. */
public final class CompileInterruptedException extends JobException {

    private static final long serialVersionUID = 1L;

    private final String signal;

    CompileInterruptedException(String signal, Throwable cause) {
        super("compile interrupted (" + signal + ")", cause);
        this.signal = signal;
    }

    /** The signal's name, e.g. {@code SIGTERM}. */
    public String signal() {
        return signal;
    }
}

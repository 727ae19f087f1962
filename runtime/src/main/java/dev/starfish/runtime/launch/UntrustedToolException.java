package dev.starfish.runtime.launch;

import dev.starfish.api.InvalidInputException;

/** A tool was found but may not be run: others could have put it there or changed it (see {@link ToolTrust}). */
public final class UntrustedToolException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public UntrustedToolException(String message) {
        super(message);
    }
}

package dev.starfish.runtime.cache;

import java.nio.file.Path;

/** A cache entry that fails verification; the message says what was expected and what was found. */
final class CorruptEntryException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient Path entry;

    CorruptEntryException(Path entry, String message) {
        super(message);
        this.entry = entry;
    }

    Path entry() {
        return entry;
    }
}

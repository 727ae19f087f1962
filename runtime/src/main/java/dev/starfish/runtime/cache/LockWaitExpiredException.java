package dev.starfish.runtime.cache;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A compile waited {@code cache.lock.wait.seconds} for another compile's lock of its key and gave
 * up: like a lock that cannot be taken, it is one warning, and the compile goes on without the lock.
 */
final class LockWaitExpiredException extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    LockWaitExpiredException(String message) {
        super(message, new IOException(message));
    }
}

package dev.starfish.runtime.cache;

/** The cache directory may not be used; the message says which directory and why, in one line. */
public final class UnusableCacheException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    UnusableCacheException(String message) {
        super(message);
    }
}

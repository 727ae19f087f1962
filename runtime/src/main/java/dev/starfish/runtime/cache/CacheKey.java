package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * The key of one cache entry: the SHA-256, as 64 lower-case hex digits, of the canonical
 * encoding of everything that changes a compile's artifact ({@link KeyMaterial}).
 *
 * @param hex the 64 hex digits; also the entry's directory name
 */
public record CacheKey(String hex) {

    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    public CacheKey {
        requireNonNull(hex, "hex is null");
        if (!isKey(hex)) {
            throw new IllegalArgumentException("a cache key is 64 lower-case hex digits, found '" + hex + "'");
        }
    }

    /** Whether {@code name} has the form of a key (and so of an entry's directory name). */
    public static boolean isKey(String name) {
        return HEX.matcher(name).matches();
    }

    @Override
    public String toString() {
        return hex;
    }
}

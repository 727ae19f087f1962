package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the compile cache did for one compile, as its report says it.
 *
 * @param outcome {@code hit} (the {@code .neff} was copied out of the cache; no job ran),
 *        {@code miss} (the key was looked up and the model compiled) or {@code off}
 * @param key the compile's cache key (64 hex digits), when the cache was on
 * @param entry the cache entry the {@code .neff} was copied from, for a hit
 */
public record CacheUse(String outcome, Optional<String> key, Optional<Path> entry) {

    /** The cache was not used. */
    public static final CacheUse OFF = new CacheUse("off", Optional.empty(), Optional.empty());

    public CacheUse {
        requireNonNull(outcome, "outcome is null");
        requireNonNull(key, "key is null");
        requireNonNull(entry, "entry is null");
    }

    public boolean hit() {
        return outcome.equals("hit");
    }
}

package dev.starfish.runtime.cache;

import java.util.Locale;

/** What the compile cache did for one compile. */
public enum CacheOutcome {
    /** The {@code .neff} came out of the cache; no job ran. */
    HIT,
    /** The model was compiled (and its {@code .neff} stored). */
    MISS,
    /** The cache was not used: {@code --no-cache}, {@code -###} aside, an untrusted cache directory, or a pipeline without a {@code .neff}. */
    OFF;

    /** The lower-case label: {@code hit}, {@code miss} or {@code off}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

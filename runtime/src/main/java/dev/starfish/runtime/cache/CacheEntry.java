package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Instant;

/**
 * An entry found in the cache whose manifest and file sizes check out (its content is hashed
 * again when it is copied out or verified).
 *
 * @param dir the entry's directory, {@code entries/KEY}
 * @param manifest what it holds
 * @param lastUse when it was stored or last hit (the directory's modification time)
 * @param bytes the size of its files
 */
public record CacheEntry(Path dir, EntryManifest manifest, Instant lastUse, long bytes) {

    public CacheEntry {
        requireNonNull(dir, "dir is null");
        requireNonNull(manifest, "manifest is null");
        requireNonNull(lastUse, "lastUse is null");
    }

    public CacheKey key() {
        return manifest.key();
    }

    Path neff() {
        return dir.resolve(EntryManifest.NEFF);
    }
}

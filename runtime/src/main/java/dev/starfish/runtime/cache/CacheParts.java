package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

/**
 * What the work on a cache's entries as a whole ({@link Eviction}, {@link CacheMaintenance}) is
 * done with: the directory, the store that reads and removes entries, the key locks that keep an
 * entry being written away from them, and the size cap.
 */
record CacheParts(CacheDirectory cache, EntryStore store, KeyLocks locks, long maxBytes) {

    CacheParts {
        requireNonNull(cache, "cache is null");
        requireNonNull(store, "store is null");
        requireNonNull(locks, "locks is null");
    }
}

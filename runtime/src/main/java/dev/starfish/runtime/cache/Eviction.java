package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Keeps a cache under its size cap by removing the least recently used entries (a hit refreshes
 * an entry's last use). It never removes an entry whose key is locked (being compiled or
 * written) or that this JVM is reading, nor the entry just stored; another process that is
 * copying an entry out keeps reading it from its open file after the removal.
 */
final class Eviction {

    private static final Logger LOG = LogManager.getLogger(Eviction.class);

    private final CacheDirectory cache;
    private final EntryStore store;
    private final KeyLocks locks;
    private final long maxBytes;

    Eviction(CacheDirectory cache, EntryStore store, KeyLocks locks, long maxBytes) {
        this.cache = requireNonNull(cache, "cache is null");
        this.store = requireNonNull(store, "store is null");
        this.locks = requireNonNull(locks, "locks is null");
        this.maxBytes = maxBytes;
    }

    /** Removes least recently used entries until the cache fits its cap; returns how many it removed. */
    int evict(Set<String> spared) {
        if (maxBytes <= 0) {
            return 0;
        }
        List<CacheEntry> entries = new ArrayList<>();
        long total = 0;
        for (var dir : cache.entryDirs()) {
            try {
                CacheEntry entry = store.read(dir);
                entries.add(entry);
                total += entry.bytes();
            } catch (CorruptEntryException e) {
                total += EntryStore.sizeOf(dir);
            }
        }
        if (total <= maxBytes) {
            return 0;
        }
        entries.sort(Comparator.comparing(CacheEntry::lastUse).thenComparing(e -> e.key().hex()));
        int removed = 0;
        for (CacheEntry entry : entries) {
            if (total <= maxBytes) {
                break;
            }
            if (spared.contains(entry.key().hex())) {
                continue;
            }
            Optional<HeldLock> lock = locks.tryAcquire(entry.key());
            if (lock.isEmpty()) {
                continue;
            }
            try (HeldLock held = lock.get()) {
                store.remove(entry.dir());
                total -= entry.bytes();
                removed++;
            }
        }
        if (removed > 0) {
            LOG.info("Evicted {} least recently used entr{} from the compile cache {} (cap {} bytes, now {} bytes)",
                    removed, removed == 1 ? "y" : "ies", cache.root(), maxBytes, total);
        }
        return removed;
    }
}

package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Keeps a cache under its size cap by removing first the corrupt entries (they count against the
 * cap but can never be served), then the least recently used sound ones (a hit refreshes an
 * entry's last use). It never removes an entry whose key is locked (being compiled or
 * written) or that this JVM is reading, nor the entry just stored; another process that is
 * copying an entry out keeps reading it from its open file after the removal.
 */
final class Eviction {

    private static final Logger LOG = LogManager.getLogger(Eviction.class);

    private final CacheParts parts;

    Eviction(CacheParts parts) {
        this.parts = requireNonNull(parts, "parts is null");
    }

    /** Removes least recently used entries until the cache fits its cap; returns how many it removed. */
    int evict(Set<String> spared) {
        if (parts.maxBytes() <= 0) {
            return 0;
        }
        List<CacheEntry> entries = new ArrayList<>();
        Map<Path, Long> corrupt = new LinkedHashMap<>();
        long total = 0;
        for (Path dir : parts.cache().entryDirs()) {
            try {
                CacheEntry entry = parts.store().read(dir);
                entries.add(entry);
                total += entry.bytes();
            } catch (CorruptEntryException e) {
                long bytes = EntryStore.sizeOf(dir);
                corrupt.put(dir, bytes);
                total += bytes;
            }
        }
        if (total <= parts.maxBytes()) {
            return 0;
        }
        int removed = 0;
        for (Map.Entry<Path, Long> bad : corrupt.entrySet()) {
            if (total <= parts.maxBytes()) {
                break;
            }
            if (removeUnlocked(new CacheKey(bad.getKey().getFileName().toString()), bad.getKey(), spared)) {
                total -= bad.getValue();
                removed++;
            }
        }
        entries.sort(Comparator.comparing(CacheEntry::lastUse).thenComparing(e -> e.key().hex()));
        for (CacheEntry entry : entries) {
            if (total <= parts.maxBytes()) {
                break;
            }
            if (removeUnlocked(entry.key(), entry.dir(), spared)) {
                total -= entry.bytes();
                removed++;
            }
        }
        if (removed > 0) {
            LOG.info("Evicted {} least recently used entr{} from the compile cache {} (cap {} bytes, now {} bytes)",
                    removed, removed == 1 ? "y" : "ies", parts.cache().root(), parts.maxBytes(), total);
        }
        return removed;
    }

    /** Removes the entry at {@code dir} unless it is spared or its key is locked (being compiled or replaced). */
    private boolean removeUnlocked(CacheKey key, Path dir, Set<String> spared) {
        if (spared.contains(key.hex())) {
            return false;
        }
        Optional<HeldLock> lock = parts.locks().tryAcquire(key);
        if (lock.isEmpty()) {
            return false;
        }
        try (HeldLock held = lock.get()) {
            parts.store().remove(dir);
            return true;
        }
    }
}

package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code starfish cache info|list|verify|rm|prune|clear} do to a cache: count and list it,
 * re-hash every entry and drop the corrupt ones, remove one entry, the ones unused since a time,
 * or every entry. Only directories of {@code entries/} named like a
 * key are entries; nothing else is touched. An entry whose key is locked (being written) is left
 * to its writer by {@link #clear()}.
 */
public final class CacheMaintenance {

    private final CacheParts parts;

    CacheMaintenance(CacheParts parts) {
        this.parts = requireNonNull(parts, "parts is null");
    }

    /**
     * A cache's size and use.
     *
     * @param directory the cache directory
     * @param entries how many well-formed entries it holds
     * @param bytes their size
     * @param maxBytes the cap, 0 for none
     * @param oldestUse the least recent use of an entry
     * @param newestUse the most recent use of an entry
     * @param malformed entries that fail the checks made without hashing (verify drops them)
     */
    public record Info(Path directory, int entries, long bytes, long maxBytes, Optional<Instant> oldestUse,
            Optional<Instant> newestUse, int malformed) {
    }

    /** One entry that failed verification and was dropped. */
    public record Dropped(String key, String reason) {
    }

    public Info info() {
        int count = 0;
        int malformed = 0;
        long bytes = 0;
        Instant oldest = null;
        Instant newest = null;
        for (Path dir : parts.cache().entryDirs()) {
            try {
                CacheEntry entry = parts.store().read(dir);
                count++;
                bytes += entry.bytes();
                oldest = oldest == null || entry.lastUse().isBefore(oldest) ? entry.lastUse() : oldest;
                newest = newest == null || entry.lastUse().isAfter(newest) ? entry.lastUse() : newest;
            } catch (CorruptEntryException e) {
                malformed++;
            }
        }
        return new Info(parts.cache().root(), count, bytes, parts.maxBytes(), Optional.ofNullable(oldest),
                Optional.ofNullable(newest), malformed);
    }

    /** The well-formed entries, most recently used first (malformed ones are counted by {@link #info()}). */
    public List<CacheEntry> list() {
        List<CacheEntry> entries = new ArrayList<>();
        for (Path dir : parts.cache().entryDirs()) {
            try {
                entries.add(parts.store().read(dir));
            } catch (CorruptEntryException e) {
                // not listed: info() counts it, verify drops it
            }
        }
        entries.sort(Comparator.comparing(CacheEntry::lastUse).reversed());
        return entries;
    }

    /**
     * The one entry whose key is {@code keyOrPrefix} or starts with it (at least 8 hex digits, as
     * {@code cache list} shows them); an {@link IllegalArgumentException} naming the choices when
     * none or several match.
     */
    public CacheKey find(String keyOrPrefix) {
        String wanted = keyOrPrefix.toLowerCase(Locale.ROOT);
        if (!wanted.matches("[0-9a-f]{8,64}")) {
            throw new IllegalArgumentException("expected a cache key or at least its first 8 hex digits (as cache list "
                    + "shows them), found '" + keyOrPrefix + "'");
        }
        List<String> matches = parts.cache().entryDirs().stream().map(d -> d.getFileName().toString())
                .filter(name -> name.startsWith(wanted)).sorted().toList();
        if (matches.isEmpty()) {
            throw new IllegalArgumentException("no entry of " + parts.cache().root() + " has the key " + keyOrPrefix
                    + " (see starfish cache list)");
        }
        if (matches.size() > 1) {
            throw new IllegalArgumentException("the key " + keyOrPrefix + " is the start of " + matches.size()
                    + " entries' keys (" + String.join(", ", matches) + "); give more of it");
        }
        return new CacheKey(matches.get(0));
    }

    /** Removes the entry of {@code key} unless a compile holds its lock; true when it was removed. */
    public boolean remove(CacheKey key) {
        Optional<HeldLock> lock = parts.locks().tryAcquire(key);
        if (lock.isEmpty()) {
            return false;
        }
        try (HeldLock held = lock.get()) {
            parts.store().remove(parts.cache().entry(key));
            return true;
        }
    }

    /** Removes every entry last used before {@code cutoff} that no compile holds; returns their keys. */
    public List<CacheKey> prune(Instant cutoff) {
        List<CacheKey> removed = new ArrayList<>();
        for (CacheEntry entry : list()) {
            if (entry.lastUse().isBefore(cutoff) && remove(entry.key())) {
                removed.add(entry.key());
            }
        }
        return removed;
    }

    /** Re-hashes every entry; drops and returns the corrupt ones. */
    public List<Dropped> verify() {
        List<Dropped> dropped = new ArrayList<>();
        for (Path dir : parts.cache().entryDirs()) {
            try {
                parts.store().verify(parts.store().read(dir));
            } catch (CorruptEntryException e) {
                parts.store().remove(dir);
                dropped.add(new Dropped(dir.getFileName().toString(), e.getMessage()));
            }
        }
        return dropped;
    }

    /**
     * Removes every entry not being written, and what dead processes of this host left in
     * {@code tmp/}; returns how many entries it removed.
     */
    public int clear() {
        removeLeftovers();
        int removed = 0;
        for (Path dir : parts.cache().entryDirs()) {
            Optional<HeldLock> lock = parts.locks().tryAcquire(new CacheKey(dir.getFileName().toString()));
            if (lock.isEmpty()) {
                continue;
            }
            try (HeldLock held = lock.get()) {
                parts.store().remove(dir);
                removed++;
            }
        }
        return removed;
    }

    /** Entries half-written or half-removed by processes of this host that are gone ({@code KEY.HOST.PID.NONCE}). */
    private void removeLeftovers() {
        HostIdentity self = HostIdentity.current();
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(parts.cache().tmp())) {
            for (Path temp : temps) {
                String name = temp.getFileName().toString();
                String[] fields = name.split("\\.");
                if (fields.length < 4 || !name.contains("." + self.safeHost() + ".")) {
                    continue;
                }
                try {
                    long pid = Long.parseLong(fields[fields.length - 2]);
                    if (!new HostIdentity(self.host(), pid, -1).isAlive()) {
                        EntryStore.deleteTree(temp);
                    }
                } catch (NumberFormatException e) {
                    // not a name this cache gives: left alone
                }
            }
        } catch (IOException e) {
            // tmp/ is emptied by a later clear
        }
    }
}

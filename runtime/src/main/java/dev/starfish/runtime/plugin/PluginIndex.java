package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.log.LazyLogger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the registry has read of each plugin jar — descriptor, job classes and their declarations,
 * whether each class was loaded and checked — kept between runs by a {@link PluginIndexStore}, so
 * that {@code jobs}, help and option parsing open no jar that has not changed, and a compile opens
 * only the jars of the jobs it runs. A jar is known again when its size, times, device and inode are
 * those recorded; otherwise when its bytes hash to the recorded SHA-256 (a copy, a touched file);
 * otherwise it is read afresh. Trust checks and the lock file are not remembered: the registry
 * applies them to every jar on every run, before this is asked. Not thread-safe.
 */
public final class PluginIndex {

    private static final LazyLogger LOG = LazyLogger.of(PluginIndex.class);

    private final PluginJarReader reader = new PluginJarReader();
    private final Optional<PluginIndexStore> store;
    private final Map<Path, IndexedJar> known;
    private final Map<Path, IndexedJar> seen = new LinkedHashMap<>();
    private boolean changed;

    private PluginIndex(Optional<PluginIndexStore> store) {
        this.store = requireNonNull(store, "store is null");
        this.known = store.map(PluginIndexStore::load).orElse(Map.of());
    }

    /** An index that reads every jar and keeps nothing. */
    public static PluginIndex none() {
        return new PluginIndex(Optional.empty());
    }

    /** An index kept in {@code store} between runs. */
    public static PluginIndex storedIn(PluginIndexStore store) {
        return new PluginIndex(Optional.of(store));
    }

    /**
     * What {@code jar} holds, from the index when it has not changed since {@code stat} (its lstat, read
     * by the caller); a jar that is no plugin raises the reason.
     */
    PluginJarReader.PluginJar read(Path jar, FileStat stat) throws PluginImportException {
        Path path = jar.toAbsolutePath().normalize();
        if (store.isEmpty()) {
            return reader.read(path);
        }
        IndexedJar entry;
        try {
            entry = lookUp(path, stat);
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("Plugin index: cannot check {}, reading it: {}", path, e.toString());
            return reader.read(path);
        }
        seen.put(path, entry);
        return entry.outcome();
    }

    private IndexedJar lookUp(Path path, FileStat fileStat) throws IOException {
        Optional<String> stat = IndexedJar.statOf(fileStat);
        IndexedJar recorded = known.get(path);
        if (recorded != null && stat.isPresent() && recorded.stat().equals(stat)) {
            return recorded;
        }
        String sha256 = PluginLock.sha256(path);
        changed = true;
        if (recorded != null && recorded.sha256().equals(sha256)) {
            return recorded.withStat(stat);
        }
        try {
            return new IndexedJar(path, stat, sha256, Optional.of(reader.read(path)), Optional.empty());
        } catch (PluginImportException e) {
            return new IndexedJar(path, stat, sha256, Optional.empty(), Optional.of(e));
        }
    }

    /** Records what loading found out about a jar's classes (checked, or why one failed). */
    public void update(PluginJarReader.PluginJar jar) {
        IndexedJar entry = seen.get(jar.info().jar());
        if (entry != null && !entry.jar().equals(Optional.of(jar))) {
            seen.put(jar.info().jar(), entry.withJar(jar));
            changed = true;
        }
    }

    /** Writes the entries of the jars read in this run, when anything changed; a failure only costs the next run time. */
    public void save() {
        if (changed || seen.size() != known.size()) {
            store.ifPresent(s -> s.save(seen.values()));
            changed = false;
        }
    }
}

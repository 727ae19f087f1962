package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One jar as the {@link PluginIndex} remembers it: the file's identity when it was read, the hash
 * of its bytes, and what was read — a plugin, or why it is none.
 *
 * @param path the jar, absolute
 * @param stat size, modification and change times (ns), device and inode when read; empty when the
 *        file had changed too recently to be sure it was complete, so its hash is checked next time
 * @param sha256 the hash of the bytes that were read
 * @param jar what was read, or empty when the jar is no plugin
 * @param failure when it is none: the name the warning quotes and the reason
 */
record IndexedJar(Path path, Optional<String> stat, String sha256, Optional<PluginJarReader.PluginJar> jar,
        Optional<PluginImportException> failure) {

    /** Files changed less than this long ago may still be being written; their stat is not trusted. */
    private static final long SETTLED_NANOS = TimeUnit.SECONDS.toNanos(2);

    IndexedJar {
        requireNonNull(path, "path is null");
        requireNonNull(stat, "stat is null");
        requireNonNull(sha256, "sha256 is null");
        if (jar.isPresent() == failure.isPresent()) {
            throw new IllegalArgumentException("an indexed jar is a plugin or a failure: " + path);
        }
    }

    /**
     * The identity of {@code file} as {@code size:mtime:ctime:dev:ino} (times in ns since the epoch), or
     * empty when it changed in the last two seconds: a writer may still be at it, in the same tick.
     */
    static Optional<String> statOf(FileStat stat) {
        long now = nanos(FileTime.from(Instant.now()));
        if (now - Math.max(stat.mtimeNanos(), stat.ctimeNanos()) < SETTLED_NANOS) {
            return Optional.empty();
        }
        return Optional.of(stat.size() + ":" + stat.mtimeNanos() + ":" + stat.ctimeNanos() + ":" + stat.dev() + ":"
                + stat.ino());
    }

    private static long nanos(FileTime time) {
        Instant instant = time.toInstant();
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    /** What was read: the plugin, or the failure rethrown. */
    PluginJarReader.PluginJar outcome() throws PluginImportException {
        if (failure.isPresent()) {
            PluginImportException e = failure.get();
            throw new PluginImportException(e.importName(), e.getMessage(), null);
        }
        return jar.orElseThrow();
    }

    IndexedJar withStat(Optional<String> newStat) {
        return new IndexedJar(path, newStat, sha256, jar, failure);
    }

    IndexedJar withJar(PluginJarReader.PluginJar newJar) {
        return new IndexedJar(path, stat, sha256, Optional.of(newJar), Optional.empty());
    }
}

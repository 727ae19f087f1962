package dev.starfish.runtime.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Names the shim's report files: one private directory (mode 0700) per launcher, created on first
 * use inside the configured report directory, and one fresh name per run. A private directory
 * keeps other users of a shared {@code /dev/shm} from planting files or symlinks where the shim
 * writes, and saves creating a temporary file per run. Thread-safe.
 */
final class ReportFiles implements AutoCloseable {

    private final Path parent;
    private final AtomicLong runs = new AtomicLong();
    private volatile Path dir;
    private boolean closed;

    ReportFiles(Path parent) {
        this.parent = parent;
    }

    /** A path no run of this launcher used before; the shim creates it. */
    Path next() {
        return directory().resolve("run-" + runs.incrementAndGet() + ".report");
    }

    private Path directory() {
        Path current = dir;
        if (current == null) {
            synchronized (this) {
                if (closed) {
                    throw new IllegalStateException("the launcher was closed: no process report can be written in "
                            + parent + " any more (create a new launcher)");
                }
                if (dir == null) {
                    try {
                        dir = Files.createTempDirectory(parent, "starfish-launcher-",
                                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                    } catch (IOException e) {
                        throw new UncheckedIOException("could not create a directory for process reports in " + parent
                                + " (expected a writable directory)", e);
                    }
                }
                current = dir;
            }
        }
        return current;
    }

    /** Deletes the directory and any report left in it; no directory is created after this. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            files.forEach(ReportFiles::deleteQuietly);
        } catch (IOException e) {
            // best effort: the directory is private and tiny
        }
        deleteQuietly(dir);
        dir = null;
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a stale report in the temp directory is harmless
        }
    }
}

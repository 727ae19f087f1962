package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.Semaphore;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A per-key lock this thread holds ({@link KeyLocks}). While held, a daemon thread refreshes the
 * lock file's modification time (the heartbeat other hosts judge it by); a shutdown hook removes
 * the file if the JVM ends (Ctrl-C) before {@link #close()}. Closing removes the file, if it is
 * still ours, and releases the JVM lock.
 */
final class HeldLock implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(HeldLock.class);

    private final Path file;
    private final LockFile content;
    private final Semaphore local;
    private final Thread heartbeat;
    private final Thread hook;
    private boolean closed;

    HeldLock(Path file, LockFile content, Semaphore local, Duration every) {
        this.file = requireNonNull(file, "file is null");
        this.content = requireNonNull(content, "content is null");
        this.local = requireNonNull(local, "local is null");
        this.heartbeat = new Thread(() -> beat(every), "starfish-cache-heartbeat-" + file.getFileName());
        this.heartbeat.setDaemon(true);
        this.hook = new Thread(this::removeIfOurs, "starfish-cache-unlock-" + file.getFileName());
        Runtime.getRuntime().addShutdownHook(hook);
        heartbeat.start();
    }

    private void beat(Duration every) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(every.toMillis());
                if (!isOurs()) {
                    LOG.warn("The compile cache lock {} was taken from this process; another one may compile the same "
                            + "model too (both store the same entry whole)", file);
                    return;
                }
                Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            LOG.warn("Cannot refresh the compile cache lock {}: {}", file, CacheDirectory.reason(e));
        }
    }

    private boolean isOurs() {
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            return Arrays.equals(in.readNBytes(4096), content.encode());
        } catch (IOException e) {
            return false;
        }
    }

    private void removeIfOurs() {
        if (isOurs()) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // another process on this host breaks it: our pid is gone
            }
        }
    }

    /** The lock file. */
    Path file() {
        return file;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        heartbeat.interrupt();
        try {
            heartbeat.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        removeIfOurs();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs or has run
        }
        local.release();
    }
}

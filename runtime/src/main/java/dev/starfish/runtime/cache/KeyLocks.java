package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.Setting;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The per-key locks of one cache, between the threads of this JVM and between processes on any
 * host that shares the cache directory. In the JVM a {@link Semaphore} of one permit per key queues the
 * threads (released by whichever thread closes the lock); between processes the lock is the file {@code locks/KEY.lock}, created atomically
 * with its full content (a hard link to a private temporary file: {@code link(2)} fails when the
 * name exists, also over NFS) and naming its holder ({@link LockFile}). The holder refreshes the
 * file's modification time (its heartbeat) while it holds it. A waiter polls the file and breaks
 * it when its holder is gone: at once when the holder ran on this host and its process is dead
 * (or its pid now belongs to a later process), and for a holder on another host only when the
 * heartbeat has not moved for {@code staleAfter} of the waiter's own clock (so clock skew
 * between hosts does not matter). Breaking renames the file to a name unique to the breaker and
 * then checks that it moved the very lock it judged stale: of two breakers only one rename
 * succeeds, and a live lock taken by mistake is put back. The lock saves duplicate work; the
 * cache's correctness never depends on it (entries are written whole and verified on read).
 * A waiter says once, on the console, whom it waits for, and waits at most {@code waitAtMost}
 * ({@code cache.lock.wait.seconds}; a holder alive for ever, e.g. a lock naming a live pid without
 * its start time, cannot hold it up longer), then gives up with {@link LockWaitExpiredException}. A
 * lock name that is not a regular file (a FIFO would block {@code open}) is never opened.
 */
final class KeyLocks {

    private static final Logger LOG = LogManager.getLogger(KeyLocks.class);
    private static final long FIRST_POLL_MILLIS = 5;
    private static final long MAX_POLL_MILLIS = 200;
    private static final String WAIT_SETTING = Setting.CACHE_LOCK_WAIT_SECONDS.key();

    private final Path dir;
    private final HostIdentity self;
    private final Duration staleAfter;
    private final Duration waitAtMost;
    private final Map<String, Semaphore> inJvm = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    KeyLocks(Path dir, HostIdentity self, Duration staleAfter) {
        this(dir, self, staleAfter, Duration.ofDays(365));
    }

    KeyLocks(Path dir, HostIdentity self, Duration staleAfter, Duration waitAtMost) {
        this.dir = requireNonNull(dir, "dir is null");
        this.self = requireNonNull(self, "self is null");
        this.staleAfter = requireNonNull(staleAfter, "staleAfter is null");
        this.waitAtMost = requireNonNull(waitAtMost, "waitAtMost is null");
    }

    /** Waits until this thread holds the lock of {@code key}; the caller closes it. */
    HeldLock acquire(CacheKey key) throws InterruptedException {
        return acquire(key, "the same model");
    }

    /**
     * Waits, at most {@code waitAtMost}, until this thread holds the lock of {@code key}, compiled
     * from {@code model}; the caller closes it.
     *
     * @throws LockWaitExpiredException when the wait ran out
     * @throws UncheckedIOException when the lock cannot be created or read (e.g. it is not a regular file)
     */
    HeldLock acquire(CacheKey key, String model) throws InterruptedException {
        long deadline = System.nanoTime() + Math.min(waitAtMost.toNanos(), Long.MAX_VALUE / 4);
        Semaphore local = inJvm.computeIfAbsent(key.hex(), k -> new Semaphore(1));
        if (!local.tryAcquire()) {
            LOG.warn("Waiting for another compile of {} in this driver (cache key {}); waiting at most {} s ({})", model,
                    key, waitAtMost.toSeconds(), WAIT_SETTING);
            if (!local.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw new LockWaitExpiredException("gave up after " + waitAtMost.toSeconds() + " s (" + WAIT_SETTING
                        + ") waiting for another compile of " + model + " in this driver (cache key " + key + ")");
            }
        }
        try {
            HeldLock held = acquireFile(key, local, model, deadline);
            local = null;
            return held;
        } finally {
            if (local != null) {
                local.release();
            }
        }
    }

    /** The lock of {@code key} if no one holds it now (for eviction, which never waits). */
    Optional<HeldLock> tryAcquire(CacheKey key) {
        Semaphore local = inJvm.computeIfAbsent(key.hex(), k -> new Semaphore(1));
        if (!local.tryAcquire()) {
            return Optional.empty();
        }
        Optional<HeldLock> held = tryCreate(key, local);
        if (held.isEmpty()) {
            local.release();
        }
        return held;
    }

    private HeldLock acquireFile(CacheKey key, Semaphore local, String model, long deadline)
            throws InterruptedException {
        Path file = fileOf(key);
        Observation seen = null;
        long poll = FIRST_POLL_MILLIS;
        boolean announced = false;
        while (true) {
            Optional<HeldLock> held = tryCreate(key, local);
            if (held.isPresent()) {
                return held.get();
            }
            Optional<Observation> now = observe(file);
            if (now.isEmpty()) {
                continue;
            }
            seen = now.get().since(seen);
            if (isStale(seen)) {
                breakLock(file, seen);
                continue;
            }
            String holder = seen.content().map(KeyLocks::holder).orElse("an unknown holder (" + file
                    + " is not a Starfish lock)");
            if (!announced) {
                LOG.warn("Waiting for {}, which holds the compile cache lock of {} (cache key {}; lock {}); waiting at "
                        + "most {} s ({})", holder, model, key, file, waitAtMost.toSeconds(), WAIT_SETTING);
                announced = true;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new LockWaitExpiredException("gave up after " + waitAtMost.toSeconds() + " s (" + WAIT_SETTING
                        + ") waiting for " + holder + ", which holds the compile cache lock " + file + " of " + model);
            }
            Thread.sleep(Math.max(1, Math.min(poll, TimeUnit.NANOSECONDS.toMillis(left))));
            poll = Math.min(MAX_POLL_MILLIS, poll * 2);
        }
    }

    /** Creates the lock file with its content in one step; empty when it exists. */
    private Optional<HeldLock> tryCreate(CacheKey key, Semaphore local) {
        LockFile content = new LockFile(self, HexFormat.of().formatHex(nonce()));
        Path temp = dir.resolve("." + key.hex() + "." + self.fileTag() + "." + content.nonce() + ".new");
        Path file = fileOf(key);
        try {
            Files.write(temp, content.encode(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.createLink(file, temp);
            } catch (FileAlreadyExistsException e) {
                return Optional.empty();
            } catch (UnsupportedOperationException e) {
                // a file system without hard links: O_EXCL creation, then the content
                Files.write(file, content.encode(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            }
            return Optional.of(new HeldLock(file, content, local, heartbeatEvery()));
        } catch (FileAlreadyExistsException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the lock " + file + " of the compile cache: "
                    + CacheDirectory.reason(e), e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                // a leftover .new file is never taken for a lock
            }
        }
    }

    private Duration heartbeatEvery() {
        return staleAfter.dividedBy(5).compareTo(Duration.ofMillis(100)) < 0 ? Duration.ofMillis(100)
                : staleAfter.dividedBy(5);
    }

    /** What a waiter saw of a lock file, and since when (its own clock) the heartbeat has not moved. */
    private record Observation(Optional<LockFile> content, FileTime modified, long unchangedSinceNanos) {
        Observation since(Observation previous) {
            boolean same = previous != null && previous.modified.equals(modified) && previous.content.equals(content);
            return same ? new Observation(content, modified, previous.unchangedSinceNanos) : this;
        }
    }

    /** {@code pid 4242 on node-3 (started 2026-12-02T09:00:00Z)}. */
    private static String holder(LockFile lock) {
        long start = lock.holder().start();
        return lock.describe() + (start < 0 ? " (start time not recorded)" : " (started " + Instant.ofEpochMilli(start)
                + ")");
    }

    private static Optional<Observation> observe(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile()) {
                throw new UncheckedIOException(new IOException("the compile cache lock " + file + " is "
                        + (attributes.isDirectory() ? "a directory" : attributes.isSymbolicLink() ? "a symbolic link"
                        : "a FIFO, socket or device") + ", not a regular file, so it is not opened; remove it"));
            }
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the lock " + file + " of the compile cache: "
                    + CacheDirectory.reason(e), e);
        }
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(4096);
            FileTime modified = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS);
            return Optional.of(new Observation(LockFile.parse(bytes), modified, System.nanoTime()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the lock " + file + " of the compile cache: "
                    + CacheDirectory.reason(e), e);
        }
    }

    private boolean isStale(Observation seen) {
        Optional<LockFile> content = seen.content();
        if (content.isPresent() && content.get().holder().host().equals(self.host())) {
            return !content.get().holder().isAlive();
        }
        return System.nanoTime() - seen.unchangedSinceNanos() >= staleAfter.toNanos();
    }

    /** Breaks the lock judged stale: only the breaker whose rename succeeds proceeds; a live lock goes back. */
    private void breakLock(Path file, Observation stale) {
        Path aside = dir.resolve("." + file.getFileName() + ".broken." + self.fileTag() + "."
                + HexFormat.of().formatHex(nonce()));
        try {
            Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot break the stale lock " + file + ": " + CacheDirectory.reason(e), e);
        }
        try {
            Optional<Observation> moved = observe(aside);
            if (moved.isPresent() && moved.get().content().equals(stale.content())) {
                LOG.warn("Broke the stale compile cache lock {} of {} ({})", file,
                        stale.content().map(LockFile::describe).orElse("an unknown holder"),
                        stale.content().isPresent() && stale.content().get().holder().host().equals(self.host())
                                ? "that process is gone" : "its heartbeat stopped " + staleAfter.toSeconds() + " s ago");
                return;
            }
            try {
                Files.createLink(file, aside);
            } catch (FileAlreadyExistsException e) {
                // a third process holds the key now; the displaced holder's entry is still stored whole
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot put back the lock " + file + ": " + CacheDirectory.reason(e), e);
        } finally {
            try {
                Files.deleteIfExists(aside);
            } catch (IOException e) {
                // a leftover .broken file is never taken for a lock
            }
        }
    }

    Path fileOf(CacheKey key) {
        return dir.resolve(key.hex() + ".lock");
    }

    private byte[] nonce() {
        byte[] value = new byte[8];
        random.nextBytes(value);
        return value;
    }
}

package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobOptions;
import dev.starfish.runtime.nativelib.CacheTrust;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The persistent compile cache of one command: one instance, shared by every compilation of a
 * batch, thread-safe. A compile asks for its {@link #key}, then {@link #lookup} and
 * {@link #copyOut}; on a miss it takes the key's {@link #lock}, looks again, compiles and
 * {@link #store}s. A corrupt or foreign entry is dropped with one warning and reads as a miss; a
 * failure to store is one warning and never fails the compile. {@link #disabled()} is the cache
 * that is off: it has no key, never hits and stores nothing. See {@code docs/compile-cache.md}.
 */
public final class CompileCache {

    private static final Logger LOG = LogManager.getLogger(CompileCache.class);

    private final CacheDirectory directory;
    private final CacheSettings settings;
    private final EntryStore store;
    private final KeyLocks locks;
    private final Eviction eviction;
    private final FileDigests digests;
    private final Map<String, AtomicInteger> reading = new ConcurrentHashMap<>();
    private final ReentrantLock evicting = new ReentrantLock();

    private CompileCache(CacheDirectory directory, CacheSettings settings, boolean readOnly, DigestMemory memory) {
        this.directory = directory;
        this.settings = settings;
        Optional<Path> remembered = directory == null || CacheTrust.whyUntrusted(directory.digests()).isPresent()
                ? Optional.empty() : Optional.of(directory.digests());
        this.digests = new FileDigests(remembered, remembered.isPresent() && !readOnly, Duration.ofSeconds(2), memory);
        if (directory == null) {
            this.store = null;
            this.locks = null;
            this.eviction = null;
            return;
        }
        HostIdentity self = HostIdentity.current();
        this.store = new EntryStore(directory, self);
        this.locks = new KeyLocks(directory.locks(), self, settings.lockStaleAfter(), settings.lockWaitAtMost());
        this.eviction = new Eviction(new CacheParts(directory, store, locks, settings.maxBytes()));
    }

    /** The cache that is off. */
    public static CompileCache disabled() {
        return new CompileCache(null, null, true, new DigestMemory());
    }

    /**
     * The cache of {@code settings}; when its directory may not be used (a symbolic link, another
     * user's, writable by others, not a Starfish cache), one warning says why and the cache is off.
     */
    public static CompileCache open(CacheSettings settings) {
        return open(settings, new DigestMemory());
    }

    /** As {@link #open(CacheSettings)}, keying with the digests {@code memory} holds (a host's, for its commands). */
    public static CompileCache open(CacheSettings settings, DigestMemory memory) {
        requireNonNull(settings, "settings is null");
        try {
            return new CompileCache(CacheDirectory.open(settings.directory()), settings, false, memory);
        } catch (UnusableCacheException e) {
            LOG.warn("{}; compiling without the cache", e.getMessage());
            return disabled();
        }
    }

    /** Opens an existing cache for {@code starfish cache} (nothing is created); throws when it may not be used. */
    public static CompileCache existing(CacheSettings settings) {
        return new CompileCache(CacheDirectory.existing(settings.directory()), settings, true, new DigestMemory());
    }

    /**
     * The cache of {@code settings} for a look that creates and changes nothing ({@code -###}): it
     * computes keys and {@link #peek}s, and has nothing when the directory does not exist yet.
     * An unusable directory warns once and the cache is off.
     */
    public static CompileCache forPlan(CacheSettings settings) {
        return forPlan(settings, new DigestMemory());
    }

    /** As {@link #forPlan(CacheSettings)}, keying with the digests {@code memory} holds. */
    public static CompileCache forPlan(CacheSettings settings, DigestMemory memory) {
        requireNonNull(settings, "settings is null");
        try {
            return new CompileCache(CacheDirectory.find(settings.directory()).orElse(null), settings, true, memory);
        } catch (UnusableCacheException e) {
            LOG.warn("{}; the plan is shown without the cache", e.getMessage());
            return disabled();
        }
    }

    /** Whether the cache is on: compiles have a key. */
    public boolean enabled() {
        return settings != null;
    }

    /** The cache directory, when the cache is on and the directory exists. */
    public Optional<Path> directory() {
        return directory == null ? Optional.empty() : Optional.of(directory.root());
    }

    /**
     * The key of compiling the model whose bytes have SHA-256 {@code modelSha256} (a
     * {@link ModelSnapshot}'s) with {@code jobs} (in order), each native job's tool resolved to
     * {@code tools.get(jobName)}, with the jobs' declared option values.
     */
    public CacheKey key(String modelSha256, List<RegisteredJob> jobs, Map<String, Path> tools,
            Map<String, JobOptions> options, String driverVersion) {
        List<KeyMaterial.JobFingerprint> fingerprints = new ArrayList<>();
        Map<String, Map<String, List<String>>> values = new LinkedHashMap<>();
        for (RegisteredJob job : jobs) {
            Optional<Path> tool = Optional.ofNullable(tools.get(job.name()));
            List<String> reads = tool.map(ToolReads::of).orElse(List.of()).stream()
                    .map(file -> file.getFileName() + " " + digests.of(file)).toList();
            fingerprints.add(new KeyMaterial.JobFingerprint(job.name(), job.info().id(), job.info().version(),
                    digests.of(job.info().jar()), job.declaration().tool(), tool.map(digests::of), reads));
            JobOptions given = options.getOrDefault(job.name(), JobOptions.empty());
            Map<String, List<String>> byName = new LinkedHashMap<>();
            given.names().forEach(name -> byName.put(name, given.list(name)));
            values.put(job.name(), byName);
        }
        return new KeyMaterial(modelSha256, fingerprints, values, driverVersion + driverCode()).key();
    }

    /**
     * The SHA-256 of every jar on the driver's class path ({@link HostJars}): the driver's own jar
     * (so a rebuilt driver of the same version, a development build, never serves what an older
     * one compiled) and every jar a job's loader may take a host-shared class from.
     */
    private String driverCode() {
        StringBuilder code = new StringBuilder();
        for (Path jar : HostJars.current()) {
            code.append(" host-jar ").append(jar.getFileName()).append(" sha256 ").append(digests.of(jar));
        }
        return code.toString();
    }

    /**
     * The verified entry of {@code key}, without changing anything: not even its last use, nor a
     * corrupt entry (for {@code -###}).
     */
    public Optional<CacheEntry> peek(CacheKey key) {
        if (directory == null) {
            return Optional.empty();
        }
        try {
            Optional<CacheEntry> entry = store.find(key);
            if (entry.isPresent()) {
                store.verify(entry.get());
            }
            return entry;
        } catch (CorruptEntryException e) {
            return Optional.empty();
        }
    }

    /** The entry of {@code key}, marked as used; a corrupt one is dropped with a warning (a miss). */
    public Optional<CacheEntry> lookup(CacheKey key) {
        if (directory == null) {
            return Optional.empty();
        }
        try {
            Optional<CacheEntry> entry = store.find(key);
            entry.ifPresent(store::touch);
            return entry;
        } catch (CorruptEntryException e) {
            drop(e);
            return Optional.empty();
        }
    }

    /**
     * Copies the entry's {@code .neff} to {@code output} with {@code mode}, atomically and verified; false when the
     * entry turned out corrupt (dropped with a warning) or was removed meanwhile: compile instead.
     */
    public boolean copyOut(CacheEntry entry, Path output, Set<PosixFilePermission> mode) {
        if (directory == null) {
            return false;
        }
        AtomicInteger readers = reading.computeIfAbsent(entry.key().hex(), k -> new AtomicInteger());
        readers.incrementAndGet();
        try {
            return store.copyOut(entry, output, mode);
        } catch (CorruptEntryException e) {
            drop(e);
            return false;
        } finally {
            readers.decrementAndGet();
        }
    }

    private void drop(CorruptEntryException e) {
        LOG.warn("Dropped the corrupt compile cache entry {}: {}; compiling the model again", e.entry(), e.getMessage());
        try {
            store.remove(e.entry());
        } catch (UncheckedIOException removal) {
            LOG.warn("{}", removal.getMessage());
        }
    }

    /**
     * Waits until this thread holds the lock of {@code key} (other threads and processes wait for it).
     * A lock that cannot be taken (an unwritable {@code locks/}) is one warning: the compile goes on
     * unlocked, which costs at most a duplicate compile, never a wrong entry.
     */
    public KeyLock lock(CacheKey key) throws InterruptedException {
        return lock(key, "the same model");
    }

    /** {@link #lock(CacheKey)} for a compile of {@code model}, named in the line that says whom it waits for. */
    public KeyLock lock(CacheKey key, String model) throws InterruptedException {
        if (directory == null) {
            return () -> { };
        }
        try {
            HeldLock held = locks.acquire(key, model);
            return held::close;
        } catch (UncheckedIOException e) {
            LOG.warn("{}; compiling without the lock (another process may compile the same model too)", e.getMessage());
            return () -> { };
        }
    }

    /**
     * Stores the compiled {@code neff} under {@code key} (call it holding the key's lock), then
     * evicts least recently used entries past the cap. A failure is one warning, never an error.
     *
     * @return whether the entry was stored (false when it already was, or storing failed)
     */
    public boolean store(CacheKey key, Path neff, String modelFileName, int subgraphs, String driverVersion) {
        if (directory == null) {
            return false;
        }
        boolean stored;
        try {
            stored = store.store(key, neff, modelFileName, subgraphs, driverVersion);
        } catch (UncheckedIOException e) {
            LOG.warn("{}; the compile succeeded, its .neff is not cached", e.getMessage());
            return false;
        }
        if (stored && evicting.tryLock()) {
            try {
                Set<String> spared = new HashSet<>(Set.of(key.hex()));
                reading.forEach((hex, count) -> {
                    if (count.get() > 0) {
                        spared.add(hex);
                    }
                });
                eviction.evict(spared);
            } catch (UncheckedIOException e) {
                LOG.warn("Cannot evict from the compile cache: {}", e.getMessage());
            } finally {
                evicting.unlock();
            }
        }
        return stored;
    }

    /** The per-key lock a compile holds while it fills the key. */
    @FunctionalInterface
    public interface KeyLock extends AutoCloseable {
        @Override
        void close();
    }

    /** The maintenance side, for {@code starfish cache}. */
    public CacheMaintenance maintenance() {
        if (directory == null) {
            throw new IllegalStateException("the compile cache is off");
        }
        return new CacheMaintenance(new CacheParts(directory, store, locks, settings.maxBytes()));
    }

    @Override
    public String toString() {
        return directory != null ? "CompileCache[" + directory.root() + "]"
                : enabled() ? "CompileCache[" + settings.directory() + ", absent]" : "CompileCache[off]";
    }
}

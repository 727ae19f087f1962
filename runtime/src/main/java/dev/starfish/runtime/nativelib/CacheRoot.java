package dev.starfish.runtime.nativelib;

import dev.starfish.runtime.log.LazyLogger;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The directory the native cache really uses, decided once on first use: the configured root
 * (created mode 0700 when absent) when {@link CacheTrust} trusts it and every directory above
 * it, else — with one warning — a private temporary directory: unpredictable, mode 0700, deleted
 * when the JVM exits. Never a predictable shared path such as {@code /tmp/starfish-$USER}, which
 * another user could create first. Thread-safe.
 */
final class CacheRoot {

    private static final LazyLogger LOG = LazyLogger.of(CacheRoot.class);

    /** Mode 0700: what every directory the cache creates gets. */
    static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

    private final Path configured;
    private Path usable;

    CacheRoot(Path configured) {
        this.configured = requireNonNull(configured, "configured is null");
    }

    /** The configured root, as given. */
    Path configured() {
        return configured;
    }

    /** The trusted real path of the configured root, or the private temporary fallback. */
    synchronized Path usable() {
        if (usable == null) {
            usable = decide();
        }
        return usable;
    }

    /**
     * Deletes the directory {@link #usable()} decided on, with everything in it (links as links),
     * when it was called; a configured root that is itself a link is left alone with what it points to.
     */
    synchronized void deleteDecided() {
        if (usable != null && !Files.isSymbolicLink(configured)) {
            deleteTree(usable);
        }
    }

    private Path decide() {
        Optional<String> problem = prepare();
        if (problem.isEmpty()) {
            try {
                return configured.toRealPath();
            } catch (IOException e) {
                problem = Optional.of("cannot be resolved (" + e.getMessage() + ")");
            }
        }
        Path fallback = privateTemporaryDirectory();
        LOG.warn("The native-library cache {} {}; not using it. Using the private temporary cache {} for this run"
                + " (deleted on exit). Fix: make {} a directory of your own that only you can write (chmod 700), or set"
                + " nativelib.cache.dir in conf/starfish.properties or STARFISH_CACHE_DIR to one.",
                configured, problem.get(), fallback, configured);
        return fallback;
    }

    /** Creates the configured root when absent; empty when it is then trusted, else the reason it is not. */
    private Optional<String> prepare() {
        try {
            Path absolute = configured.toAbsolutePath();
            if (absolute.getParent() != null) {
                Files.createDirectories(absolute.getParent());
            }
            Files.createDirectory(absolute, PosixFilePermissions.asFileAttribute(PRIVATE));
        } catch (FileAlreadyExistsException e) {
            // checked below, whoever made it
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of("cannot be created (" + e + ")");
        }
        Path real;
        try {
            real = configured.toRealPath();
        } catch (IOException e) {
            return Optional.of("cannot be resolved (" + e.getMessage() + ")");
        }
        return CacheTrust.whyUntrusted(real).or(() -> CacheTrust.whyParentsUntrusted(real))
                .map(why -> real.equals(configured.toAbsolutePath()) ? why : "(really " + real + ") " + why);
    }

    private static Path privateTemporaryDirectory() {
        FileAttribute<Set<PosixFilePermission>> mode = PosixFilePermissions.asFileAttribute(PRIVATE);
        try {
            Path dir = Files.createTempDirectory("starfish-native-", mode);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir), "starfish-native-cache-cleanup"));
            Path real = dir.toRealPath();
            Optional<String> problem = CacheTrust.whyParentsUntrusted(real);
            if (problem.isPresent()) {
                throw new IllegalStateException("no safe directory for native libraries: the temporary directory "
                        + real + " " + problem.get() + "; set TMPDIR (java.io.tmpdir) or nativelib.cache.dir to a "
                        + "directory of your own below directories only you or root can write");
            }
            return real;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a private temporary directory for native libraries in "
                    + System.getProperty("java.io.tmpdir") + " (set java.io.tmpdir or TMPDIR to a writable directory)", e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // best effort: the directory is private
                }
            });
        } catch (IOException e) {
            // best effort: the directory is private
        }
    }

    @Override
    public String toString() {
        return "CacheRoot[" + configured + "]";
    }
}

package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.nativelib.CacheTrust;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The layout of a compile cache directory and the one place that decides whether it may be used.
 * <pre>
 * ROOT/CACHEDIR.TAG         marks the directory as a Starfish compile cache (and keeps backups out)
 * ROOT/entries/KEY/         one entry: manifest.json and output.neff, made read-only by rename
 * ROOT/locks/KEY.lock       the per-key lock of a compile filling KEY
 * ROOT/tmp/                 entries being written or removed
 * ROOT/digests/             remembered SHA-256 of plugin jars and tools, by path and file stat
 * </pre>
 * The root and its directories must be real directories (never symbolic links) of the
 * current user that nobody else may write, the rule of the native-library cache
 * ({@link CacheTrust}); a non-empty directory without the tag is not taken over.
 */
public final class CacheDirectory {

    static final String TAG = "CACHEDIR.TAG";
    private static final String TAG_TEMP_PREFIX = ".tag";
    private static final String TAG_TEMP_SUFFIX = ".tmp";
    static final String TAG_TEXT = "Signature: 8a477f597d28d172789f06886806bc55\n"
            + "# This file is a cache directory tag created by starfish: a compile cache (docs/compile-cache.md).\n";
    static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

    private final Path root;

    private CacheDirectory(Path root) {
        this.root = root;
    }

    /**
     * The cache at {@code root}, created (mode 0700) when absent.
     *
     * @throws UnusableCacheException when it, or one of its directories, may not be used
     */
    public static CacheDirectory open(Path root) {
        Path dir = requireNonNull(root, "root is null").toAbsolutePath().normalize();
        create(dir);
        CacheDirectory cache = existing(dir);
        for (Path sub : List.of(cache.entries(), cache.locks(), cache.tmp(), cache.digests())) {
            create(sub);
            check(sub);
        }
        return cache;
    }

    /**
     * The existing cache at {@code root}, trusted and made by Starfish (an empty directory is tagged as
     * one); no directory is created.
     *
     * @throws UnusableCacheException when it is absent, untrusted or not a Starfish compile cache
     */
    public static CacheDirectory existing(Path root) {
        Path dir = requireNonNull(root, "root is null").toAbsolutePath().normalize();
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new UnusableCacheException("the compile cache " + dir + " does not exist");
        }
        checkRoot(dir);
        CacheDirectory cache = new CacheDirectory(dir);
        if (!cache.isTagged()) {
            // another driver opening this new cache may have tagged it and made its first directory since
            // the look above: it writes the tag before anything else, so look again before refusing
            if (!isEmpty(dir) && !cache.isTagged()) {
                throw new UnusableCacheException("the compile cache " + dir + " is not empty and is not a Starfish "
                        + "compile cache (no " + TAG + "); give --cache-dir a new or empty directory");
            }
            writeTag(dir);
        }
        return cache;
    }

    /**
     * The cache at {@code root} if there is one, for a look that changes nothing ({@code -###}):
     * empty when the directory is absent or empty.
     *
     * @throws UnusableCacheException when it may not be used
     */
    public static Optional<CacheDirectory> find(Path root) {
        Path dir = requireNonNull(root, "root is null").toAbsolutePath().normalize();
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        checkRoot(dir);
        CacheDirectory cache = new CacheDirectory(dir);
        if (!cache.isTagged()) {
            if (isEmpty(dir)) {
                return Optional.empty();
            }
            if (cache.isTagged()) {
                return Optional.of(cache); // tagged by another driver since the look above
            }
            throw new UnusableCacheException("the compile cache " + dir + " is not empty and is not a Starfish "
                    + "compile cache (no " + TAG + "); give --cache-dir a new or empty directory");
        }
        return Optional.of(cache);
    }

    private static void create(Path dir) {
        try {
            Path parent = dir.getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                Files.createDirectories(parent);
            }
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
        } catch (FileAlreadyExistsException e) {
            // checked next, whoever made it
        } catch (IOException e) {
            throw new UnusableCacheException("the compile cache " + dir + " cannot be created (" + reason(e) + ")");
        }
    }

    private static void check(Path dir) {
        Optional<String> why = CacheTrust.whyUntrusted(dir);
        if (why.isPresent()) {
            throw new UnusableCacheException("the compile cache directory " + dir + " " + why.get()
                    + "; use a directory of your own that only you can write (chmod 700), or --cache-dir");
        }
    }

    /**
     * The root's own rule, and the native cache's rule for the directories above it: none may let
     * another user rename the cache away and put one of theirs in its place ({@link CacheTrust#whyParentsUntrusted}).
     */
    private static void checkRoot(Path dir) {
        check(dir);
        Optional<String> why;
        try {
            why = CacheTrust.whyParentsUntrusted(dir.toRealPath());
        } catch (IOException e) {
            why = Optional.of("cannot be resolved (" + reason(e) + ")");
        }
        if (why.isPresent()) {
            throw new UnusableCacheException("the compile cache directory " + dir + " " + why.get()
                    + "; use a directory of your own below directories only you or root can write, or --cache-dir");
        }
    }

    private boolean isTagged() {
        Path tag = root.resolve(TAG);
        try {
            if (!Files.isRegularFile(tag, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            String text = Files.readString(tag, StandardCharsets.UTF_8);
            return text.startsWith(TAG_TEXT.lines().findFirst().orElseThrow()) && text.contains("starfish");
        } catch (IOException e) {
            return false;
        }
    }

    private static void writeTag(Path dir) {
        try {
            Path temp = Files.createTempFile(dir, TAG_TEMP_PREFIX, TAG_TEMP_SUFFIX);
            Files.writeString(temp, TAG_TEXT, StandardCharsets.UTF_8);
            Files.move(temp, dir.resolve(TAG), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UnusableCacheException("the compile cache " + dir + " cannot be written (" + reason(e) + ")");
        }
    }

    /**
     * Whether {@code dir} holds nothing but the tags another driver is writing aside this moment
     * ({@link #writeTag}): two compiles opening one new cache at once both tag it, rather than the
     * second taking the first's temporary for a stranger's file and compiling without the cache.
     */
    private static boolean isEmpty(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!(name.startsWith(TAG_TEMP_PREFIX) && name.endsWith(TAG_TEMP_SUFFIX))) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UnusableCacheException("the compile cache " + dir + " cannot be read (" + reason(e) + ")");
        }
    }

    static String reason(IOException e) {
        return e instanceof AccessDeniedException ? "permission denied"
                : e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason()
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    public Path root() {
        return root;
    }

    Path entries() {
        return root.resolve("entries");
    }

    Path locks() {
        return root.resolve("locks");
    }

    Path tmp() {
        return root.resolve("tmp");
    }

    Path digests() {
        return root.resolve("digests");
    }

    Path entry(CacheKey key) {
        return entries().resolve(key.hex());
    }

    /** The directories of {@code entries/} named like a key, sorted; anything else there is ignored. */
    List<Path> entryDirs() {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(entries(), LinkOption.NOFOLLOW_LINKS)) {
            return found;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(entries(),
                p -> CacheKey.isKey(p.getFileName().toString()))) {
            stream.forEach(found::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the compile cache " + entries() + ": " + reason(e), e);
        }
        found.sort(null);
        return found;
    }

    @Override
    public String toString() {
        return root.toString();
    }
}

package dev.starfish.runtime.nativelib;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A directory of files named by the SHA-256 of their content: {@code <root>/<sha256>/<name>}.
 * Content-addressed means verified: a cached file is reused only when it is a regular file (a
 * symbolic link never is: no path inside the cache is followed) of ours, with the expected mode,
 * whose SHA-256 is checked again before every reuse; anything else is replaced with a warning
 * naming it. A symbolic link or a file where a directory belongs is replaced likewise; a
 * directory of another user or writable by others is refused. Storing writes a temporary file
 * in the target directory and renames it into place, so two processes may store the same
 * content at once and a reader never sees a partial file; no temporary file is left behind.
 * The root itself must be trusted already ({@link CacheRoot}).
 */
final class ContentAddressedCache {

    private static final Logger LOG = LogManager.getLogger(ContentAddressedCache.class);
    private static final Set<PosixFilePermission> EXECUTABLE = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final Set<PosixFilePermission> READABLE = PosixFilePermissions.fromString("rw-r--r--");

    private final Path root;

    ContentAddressedCache(Path root) {
        this.root = requireNonNull(root, "root is null");
    }

    /** A verified file with this content: reused when present and intact, else written. */
    Path store(String name, byte[] content, boolean executable) {
        String sha = sha256(content);
        return storeIn(directory(sha), name, content, sha, executable);
    }

    /** Several executable files stored together in one directory named by their combined hash. */
    Path storeGroup(String label, List<Item> items) {
        MessageDigest digest = newDigest();
        for (Item item : items) {
            digest.update(item.name().getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(item.content());
        }
        Path dir = directory(label + "-" + HexFormat.of().formatHex(digest.digest()));
        for (Item item : items) {
            storeIn(dir, item.name(), item.content(), sha256(item.content()), true);
        }
        return dir;
    }

    /** {@code <root>/<name>} as a trusted real directory, made or repaired as needed. */
    private Path directory(String name) {
        Path dir = root.resolve(name);
        if (!root.equals(dir.getParent())) {
            throw new IllegalArgumentException("cache entry name '" + name + "' must be one plain file name");
        }
        return PrivateDirectory.ensure(dir);
    }

    private static Path storeIn(Path dir, String name, byte[] content, String sha, boolean executable) {
        Path target = dir.resolve(name);
        if (!dir.equals(target.getParent())) {
            throw new IllegalArgumentException("cached file name '" + name + "' must be one plain file name");
        }
        Set<PosixFilePermission> mode = executable ? EXECUTABLE : READABLE;
        try {
            if (isIntact(target, content.length, sha, mode)) {
                return target;
            }
            Path temp = Files.createTempFile(dir, "." + name, ".tmp");
            try {
                Files.write(temp, content);
                Files.setPosixFilePermissions(temp, mode);
                moveIntoPlace(temp, target);
            } finally {
                Files.deleteIfExists(temp);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + name + " into " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether {@code target} is our regular file with {@code mode} and content hashing to {@code sha};
     * false when absent. Warns about what is found there instead.
     */
    private static boolean isIntact(Path target, long size, String sha, Set<PosixFilePermission> mode)
            throws IOException {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        if (Files.isSymbolicLink(target)) {
            LOG.warn("Cached native file {} is a symbolic link (to {}), expected a regular file; replacing it with the"
                    + " plugin's own copy", target, Files.readSymbolicLink(target));
            return false;
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(target + " is a directory where the cached file belongs; delete it (the cache"
                    + " re-creates what it needs)");
        }
        if (!CacheTrust.isOwnRegularFile(target) || !Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS)
                .equals(mode)) {
            LOG.warn("Cached native file {} is not a regular file of the current user with mode {}; replacing it",
                    target, PosixFilePermissions.toString(mode));
            return false;
        }
        String found = Files.size(target) == size ? sha256(target) : "a file of " + Files.size(target) + " bytes";
        if (!found.equals(sha)) {
            LOG.warn("Cached native file {} does not match its content hash (expected sha256 {}, found {}); replacing"
                    + " it with the plugin's own copy", target, sha, found);
            return false;
        }
        return true;
    }

    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
            if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                throw e;
            }
        }
    }

    static String sha256(byte[] content) {
        return HexFormat.of().formatHex(newDigest().digest(content));
    }

    /** The SHA-256 of a file, read without following a symbolic link. */
    static String sha256(Path file) throws IOException {
        MessageDigest digest = newDigest();
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** One file of a group. */
    record Item(String name, byte[] content) {
    }
}

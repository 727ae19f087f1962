package dev.starfish.runtime.nativelib;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * A directory of files named by the SHA-256 of their content: {@code <root>/<sha256>/<name>}.
 * Reused across runs; safe when two processes store the same content at once (each writes
 * a temp file in the target directory and renames it into place; a rename never exposes a
 * partial file), and leaves no temp files behind on failure.
 */
final class ContentAddressedCache {

    private final Path root;

    ContentAddressedCache(Path root) {
        this.root = requireNonNull(root, "root is null");
    }

    /** A file with this content: reused when present, else written. */
    Path store(String name, byte[] content, boolean executable) {
        Path dir = root.resolve(sha256(content));
        return storeIn(dir, name, content, executable);
    }

    /** Several files stored together in one directory named by their combined hash. */
    Path storeGroup(String label, List<Item> items) {
        MessageDigest digest = newDigest();
        for (Item item : items) {
            digest.update(item.name().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(item.content());
        }
        Path dir = root.resolve(label + "-" + HexFormat.of().formatHex(digest.digest()));
        for (Item item : items) {
            storeIn(dir, item.name(), item.content(), true);
        }
        return dir;
    }

    private static Path storeIn(Path dir, String name, byte[] content, boolean executable) {
        Path target = dir.resolve(name);
        try {
            if (Files.isRegularFile(target) && Files.size(target) == content.length
                    && (!executable || Files.isExecutable(target))) {
                return target;
            }
            Files.createDirectories(dir);
            Path temp = Files.createTempFile(dir, "." + name, ".tmp");
            try {
                Files.write(temp, content);
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
                moveIntoPlace(temp, target);
            } finally {
                Files.deleteIfExists(temp);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + name + " into " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
            if (!Files.isRegularFile(target)) {
                throw e;
            }
        }
    }

    static String sha256(byte[] content) {
        return HexFormat.of().formatHex(newDigest().digest(content));
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

package dev.starfish.runtime.cache;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SHA-256 of files, remembered per command for the files a key names again and again (plugin
 * jars, tools): a file is hashed again when its identity, size or modification time changed.
 * Thread-safe.
 */
final class FileDigests {

    private final Map<Path, Remembered> remembered = new ConcurrentHashMap<>();

    /** The SHA-256 of {@code file} (symbolic links followed: a tool may be a link into a toolchain). */
    String of(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            Remembered known = remembered.get(file);
            if (known != null && known.matches(attributes)) {
                return known.sha256();
            }
            String sha = sha256(file);
            remembered.put(file, new Remembered(attributes.fileKey(), attributes.size(),
                    attributes.lastModifiedTime().toMillis(), sha));
            return sha;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " to compute the compile cache key: " + e.getMessage(), e);
        }
    }

    private record Remembered(Object fileKey, long size, long modified, String sha256) {
        boolean matches(BasicFileAttributes attributes) {
            return java.util.Objects.equals(fileKey, attributes.fileKey()) && size == attributes.size()
                    && modified == attributes.lastModifiedTime().toMillis();
        }
    }

    /** The SHA-256 of a file's bytes, as 64 lower-case hex digits. */
    static String sha256(Path file, LinkOption... options) throws IOException {
        try (InputStream in = Files.newInputStream(file, options)) {
            return copyAndHash(in, OutputStream.nullOutputStream()).sha256();
        }
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(newDigest().digest(bytes));
    }

    /** Copies {@code in} to {@code out} and returns how many bytes it copied and their SHA-256. */
    static Copied copyAndHash(InputStream in, OutputStream out) throws IOException {
        MessageDigest digest = newDigest();
        byte[] buffer = new byte[64 * 1024];
        long size = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            digest.update(buffer, 0, n);
            out.write(buffer, 0, n);
            size += n;
        }
        return new Copied(size, HexFormat.of().formatHex(digest.digest()));
    }

    /** What {@link #copyAndHash} copied. */
    record Copied(long size, String sha256) {
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}

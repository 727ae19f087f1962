package dev.starfish.runtime.cache;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SHA-256 of the files a key names again and again (plugin jars, tools), remembered for the
 * command and, when given a directory, across commands (as ccache and git remember file stats):
 * a remembered digest is used only while the file's device, inode, size, modification time and
 * change time (which no user can set back) are all unchanged, and a file changed in the last
 * {@code settle} is always hashed again (its timestamps may not have ticked yet). Remembered
 * digests are files of the cache's own private directory, read without following links; one that
 * is malformed is ignored. Thread-safe.
 */
final class FileDigests {

    private static final String FORMAT = "starfish-file-digest/1";

    private final Map<Path, String> remembered = new ConcurrentHashMap<>();
    private final Optional<Path> store;
    private final boolean writable;
    private final Duration settle;
    private final DigestMemory memory;

    /** Digests remembered for this command only. */
    FileDigests() {
        this(Optional.empty(), false, Duration.ofSeconds(2), new DigestMemory());
    }

    /** Digests remembered for this command and in {@code store}, with no host's memory. */
    FileDigests(Optional<Path> store, boolean writable, Duration settle) {
        this(store, writable, settle, new DigestMemory());
    }

    /**
     * @param store the directory remembered digests are kept in, if any
     * @param writable whether new digests are written there ({@code -###} only reads)
     * @param settle how recently changed a file may be and still have its digest remembered
     * @param memory the host's digests of settled files, read before the store and added to
     */
    FileDigests(Optional<Path> store, boolean writable, Duration settle, DigestMemory memory) {
        this.store = store;
        this.writable = writable;
        this.settle = settle;
        this.memory = memory;
    }

    /** The SHA-256 of {@code file} (symbolic links followed: a tool may be a link into a toolchain). */
    String of(Path file) {
        try {
            String stat = stat(file);
            String key = file.toAbsolutePath().normalize() + "\n" + stat;
            String known = remembered.get(file);
            if (known != null && known.startsWith(stat + "\n")) {
                return known.substring(stat.length() + 1);
            }
            Optional<String> inMemory = memory.get(file, stat);
            if (inMemory.isPresent()) {
                remembered.put(file, stat + "\n" + inMemory.get());
                return inMemory.get();
            }
            Optional<String> stored = read(file, stat);
            String sha = stored.isPresent() ? stored.get() : sha256(file);
            remembered.put(file, stat + "\n" + sha);
            boolean settled = isSettled(file);
            if (settled) {
                memory.put(file, stat, sha);
            }
            if (stored.isEmpty() && writable && settled) {
                write(file, key, sha);
            }
            return sha;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " to compute the compile cache key: " + e.getMessage(), e);
        }
    }

    /** What identifies a file's content without reading it: device, inode, size, mtime and ctime in nanoseconds. */
    static String stat(Path file) throws IOException {
        Map<String, Object> a = Files.readAttributes(file, "unix:dev,ino,size,lastModifiedTime,ctime");
        return a.get("dev") + ":" + a.get("ino") + ":" + a.get("size") + ":" + nanos((FileTime) a.get("lastModifiedTime"))
                + ":" + nanos((FileTime) a.get("ctime"));
    }

    private static long nanos(FileTime time) {
        Instant instant = time.toInstant();
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    private boolean isSettled(Path file) throws IOException {
        FileTime changed = (FileTime) Files.getAttribute(file, "unix:ctime");
        return changed.toInstant().isBefore(Instant.now().minus(settle));
    }

    private Path entryOf(Path file) {
        return store.orElseThrow().resolve(sha256(file.toAbsolutePath().normalize().toString()
                .getBytes(StandardCharsets.UTF_8)));
    }

    /** The remembered digest of {@code file} if one matching {@code stat} is stored. */
    private Optional<String> read(Path file, String stat) {
        if (store.isEmpty()) {
            return Optional.empty();
        }
        Path entry = entryOf(file);
        try (InputStream in = Files.newInputStream(entry, LinkOption.NOFOLLOW_LINKS)) {
            String[] lines = new String(in.readNBytes(8192), StandardCharsets.UTF_8).split("\n");
            String expectedPath = file.toAbsolutePath().normalize().toString();
            if (lines.length == 4 && FORMAT.equals(lines[0]) && expectedPath.equals(lines[1]) && stat.equals(lines[2])
                    && CacheKey.isKey(lines[3])) {
                return Optional.of(lines[3]);
            }
        } catch (IOException e) {
            // none stored (or not a file of ours): hash the file
        }
        return Optional.empty();
    }

    private void write(Path file, String key, String sha) {
        Path entry = entryOf(file);
        try {
            Path temp = Files.createTempFile(entry.getParent(), ".digest", ".tmp");
            try {
                Files.writeString(temp, FORMAT + "\n" + key + "\n" + sha + "\n", StandardCharsets.UTF_8);
                Files.move(temp, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            // remembering is an optimisation: the next command hashes the file again
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

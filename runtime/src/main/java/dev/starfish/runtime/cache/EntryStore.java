package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.nativelib.CacheTrust;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads, verifies, writes and removes the entries of one {@link CacheDirectory}. An entry is
 * written whole in {@code tmp/} and renamed into {@code entries/}, so a reader sees all of it or
 * nothing; it is removed by renaming it back into {@code tmp/} first, so a reader never sees half
 * of a removed entry either. Nothing inside the cache is followed: a symbolic link, a file of
 * another user or a directory others may write is a corrupt entry. Every read is verified: the
 * sizes when an entry is found, the SHA-256 of the {@code .neff} as it is copied out.
 */
final class EntryStore {

    private final CacheDirectory cache;
    private final HostIdentity self;
    private final SecureRandom random = new SecureRandom();

    EntryStore(CacheDirectory cache, HostIdentity self) {
        this.cache = requireNonNull(cache, "cache is null");
        this.self = requireNonNull(self, "self is null");
    }

    /**
     * The entry of {@code key}, if present and well-formed (sizes checked, content not yet hashed).
     *
     * @throws CorruptEntryException when an entry is there but is not a valid one of ours
     */
    Optional<CacheEntry> find(CacheKey key) throws CorruptEntryException {
        Path dir = cache.entry(key);
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        return Optional.of(read(dir));
    }

    /** Reads the entry at {@code dir}, checking everything but the {@code .neff}'s hash. */
    CacheEntry read(Path dir) throws CorruptEntryException {
        Optional<String> untrusted = CacheTrust.whyUntrusted(dir);
        if (untrusted.isPresent()) {
            throw new CorruptEntryException(dir, "the entry " + untrusted.get());
        }
        try {
            Path manifestFile = dir.resolve(EntryManifest.FILE);
            ownRegularFile(dir, manifestFile);
            if (Files.size(manifestFile) > EntryManifest.MAX_BYTES) {
                throw new CorruptEntryException(dir, "its manifest is " + Files.size(manifestFile) + " bytes long");
            }
            EntryManifest manifest;
            try (InputStream in = Files.newInputStream(manifestFile, LinkOption.NOFOLLOW_LINKS)) {
                manifest = EntryManifest.parse(in.readAllBytes());
            } catch (IOException e) {
                throw new CorruptEntryException(dir, e.getMessage());
            }
            if (!manifest.key().hex().equals(dir.getFileName().toString())) {
                throw new CorruptEntryException(dir, "its manifest names the key " + manifest.key());
            }
            Path neff = dir.resolve(EntryManifest.NEFF);
            ownRegularFile(dir, neff);
            long size = Files.size(neff);
            if (size != manifest.neffSize()) {
                throw new CorruptEntryException(dir, "its .neff is " + size + " bytes, the manifest says "
                        + manifest.neffSize());
            }
            FileTime lastUse = Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS);
            return new CacheEntry(dir, manifest, lastUse.toInstant(), size + Files.size(manifestFile));
        } catch (NoSuchFileException e) {
            throw new CorruptEntryException(dir, "it lacks " + Path.of(e.getFile()).getFileName());
        } catch (IOException e) {
            throw new CorruptEntryException(dir, "it cannot be read (" + CacheDirectory.reason(e) + ")");
        }
    }

    private static void ownRegularFile(Path dir, Path file) throws IOException, CorruptEntryException {
        if (!CacheTrust.isOwnRegularFile(file)) {
            throw new CorruptEntryException(dir, "its " + file.getFileName() + " is not a regular file of the current "
                    + "user (a symbolic link, a directory or another user's file)");
        }
    }

    /**
     * Copies the entry's {@code .neff} to {@code output} atomically (a temporary file in the
     * output's directory, renamed into place), hashing it on the way: content that does not match
     * the manifest is never renamed into place.
     *
     * @return false when the entry was removed (evicted) before it could be opened
     */
    boolean copyOut(CacheEntry entry, Path output, Set<PosixFilePermission> mode) throws CorruptEntryException {
        Path dir = output.toAbsolutePath().getParent();
        Path temp = dir.resolve(output.getFileName() + ".tmp" + HexFormat.of().formatHex(nonce(3)));
        try {
            FileDigests.Copied copied;
            try (InputStream in = Files.newInputStream(entry.neff(), LinkOption.NOFOLLOW_LINKS);
                    OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE)) {
                copied = FileDigests.copyAndHash(in, out);
            }
            if (copied.size() != entry.manifest().neffSize() || !copied.sha256().equals(entry.manifest().neffSha256())) {
                throw new CorruptEntryException(entry.dir(), "its .neff does not match its manifest (expected "
                        + entry.manifest().neffSize() + " bytes with sha256 " + entry.manifest().neffSha256() + ", found "
                        + copied.size() + " bytes with sha256 " + copied.sha256() + ")");
            }
            // the mode a compile's tool gives its output under the command's umask (a server's process has another)
            Files.setPosixFilePermissions(temp, mode);
            Files.move(temp, output, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (NoSuchFileException e) {
            if (entry.neff().toString().equals(e.getFile())) {
                return false;
            }
            throw new UncheckedIOException("cannot copy the cached .neff to " + output + ": " + CacheDirectory.reason(e), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the cached .neff to " + output + ": " + CacheDirectory.reason(e), e);
        } finally {
            deleteQuietly(temp);
        }
    }

    /** Hashes the entry's {@code .neff} again and compares it with its manifest. */
    void verify(CacheEntry entry) throws CorruptEntryException {
        try {
            String sha = FileDigests.sha256(entry.neff(), LinkOption.NOFOLLOW_LINKS);
            if (!sha.equals(entry.manifest().neffSha256())) {
                throw new CorruptEntryException(entry.dir(), "its .neff has sha256 " + sha + ", the manifest says "
                        + entry.manifest().neffSha256());
            }
        } catch (IOException e) {
            throw new CorruptEntryException(entry.dir(), "its .neff cannot be read (" + CacheDirectory.reason(e) + ")");
        }
    }

    /**
     * Stores {@code neff} under {@code key}. Returns false when an entry of that key appeared
     * meanwhile (it is kept; ours is discarded).
     */
    boolean store(CacheKey key, Path neff, String modelFileName, int subgraphs, String driverVersion) {
        Path temp = cache.tmp().resolve(key.hex() + "." + self.fileTag() + "." + HexFormat.of().formatHex(nonce(4)));
        try {
            Files.createDirectory(temp, PosixFilePermissions.asFileAttribute(CacheDirectory.PRIVATE));
            FileDigests.Copied copied;
            try (InputStream in = Files.newInputStream(neff);
                    OutputStream out = Files.newOutputStream(temp.resolve(EntryManifest.NEFF), StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE)) {
                copied = FileDigests.copyAndHash(in, out);
            }
            EntryManifest manifest = new EntryManifest(key, copied.size(), copied.sha256(), Instant.now(), modelFileName,
                    subgraphs, driverVersion);
            Files.write(temp.resolve(EntryManifest.FILE), manifest.toJson(), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            try {
                Files.move(temp, cache.entry(key), StandardCopyOption.ATOMIC_MOVE);
                return true;
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                return false;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the .neff in the compile cache " + cache.root() + ": "
                    + CacheDirectory.reason(e), e);
        } finally {
            deleteTree(temp);
        }
    }

    /** Marks the entry as just used: eviction removes the least recently used first. */
    void touch(CacheEntry entry) {
        try {
            Files.setLastModifiedTime(entry.dir(), FileTime.from(Instant.now()));
        } catch (IOException e) {
            // a read-only cache still serves hits; only the eviction order suffers
        }
    }

    /** Removes the entry at {@code dir}: renamed out of {@code entries/} first, then deleted. */
    void remove(Path dir) {
        Path aside = cache.tmp().resolve("removed." + dir.getFileName() + "." + self.fileTag() + "."
                + HexFormat.of().formatHex(nonce(4)));
        try {
            Files.move(dir, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the cache entry " + dir + ": " + CacheDirectory.reason(e), e);
        }
        deleteTree(aside);
    }

    /** Deletes a tree without following a symbolic link in it. */
    static void deleteTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(EntryStore::deleteQuietly);
        } catch (IOException | UncheckedIOException e) {
            // what is left in tmp/ is removed by a later clear
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a leftover temporary file is harmless: it is never an entry
        }
    }

    /** The size of a file or directory tree, links not followed. */
    static long sizeOf(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.mapToLong(file -> {
                try {
                    BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    return a.isRegularFile() ? a.size() : 0;
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    private byte[] nonce(int bytes) {
        byte[] value = new byte[bytes];
        random.nextBytes(value);
        return value;
    }
}

package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.security.SecureRandom;

/**
 * The model as one compile reads it: a private copy in the work directory, written once from a
 * handle opened on the user's file and hashed from the very bytes it copies (Gradle fingerprints a
 * task's inputs before it runs, Bazel keys an action by its inputs' digests). The cache key names
 * {@link #sha256()} and every job reads {@link #path()}, so a model edited while the compile waits
 * or runs changes neither what is compiled nor under which key it is stored.
 *
 * @param path the copy, {@code WORKDIR/.starfish-model/NAME}
 * @param sha256 the SHA-256 of its bytes
 */
public record ModelSnapshot(Path path, String sha256) {

    /** The work directory's folder that holds the snapshot. */
    public static final String DIR = ".starfish-model";

    public ModelSnapshot {
        requireNonNull(path, "path is null");
        requireNonNull(sha256, "sha256 is null");
    }

    /** Where the snapshot of {@code model} lives in {@code workDir} (for a plan that writes nothing). */
    public static Path pathIn(Path workDir, Path model) {
        return workDir.resolve(DIR).resolve(model.getFileName());
    }

    /** Copies {@code model} into {@code workDir} (a work directory this compile holds) and hashes the copied bytes. */
    public static ModelSnapshot take(Path model, Path workDir) {
        Path file = pathIn(workDir, model);
        Path temp = file.resolveSibling("." + model.getFileName() + "." + HexFormat.of().formatHex(nonce()) + ".tmp");
        try {
            removeFolder(workDir);
            Files.createDirectory(file.getParent(), PosixFilePermissions.asFileAttribute(CacheDirectory.PRIVATE));
            FileDigests.Copied copied;
            try (InputStream in = Files.newInputStream(model);
                    OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                            LinkOption.NOFOLLOW_LINKS)) {
                copied = FileDigests.copyAndHash(in, out);
            }
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("r--------"));
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            return new ModelSnapshot(file, copied.sha256());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the model " + model + " into the work directory " + workDir
                    + ": " + CacheDirectory.reason(e), e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                // a leftover temporary copy is removed with the folder by the next compile
            }
        }
    }

    /** The SHA-256 of {@code model} as it is now, for a plan that copies nothing ({@code -###}). */
    public static String digestOf(Path model) {
        try {
            return FileDigests.sha256(model);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model " + model + ": " + CacheDirectory.reason(e), e);
        }
    }

    /** Removes the snapshot folder of {@code workDir} (a hit read nothing; the next compile takes its own). */
    public static void removeFolder(Path workDir) {
        EntryStore.deleteTree(workDir.resolve(DIR));
    }

    private static byte[] nonce() {
        byte[] value = new byte[4];
        new SecureRandom().nextBytes(value);
        return value;
    }
}

package dev.starfish.runtime.compile;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.PathTrust;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A compile's work directory, held for the whole compile. Starfish tags the directories it
 * creates with {@value #TAG} (as cargo marks its caches with {@code CACHEDIR.TAG}) and refuses a
 * non-empty directory it did not create, so it never overwrites or deletes a user's files.
 * The tag file carries an exclusive lock while a compile uses the directory (as Bazel and
 * Gradle lock their output bases): a second compile is refused with the holder's pid instead
 * of mixing its files into the first one's artifact. The OS drops the lock when the holder
 * dies, so a killed compile leaves no stale lock. A reused directory starts clean: what an earlier
 * compile left there is removed under the lock ({@link PreviousCompileFiles}).
 */
final class WorkDirectory implements AutoCloseable {

    static final String TAG = ".starfish-workdir";

    private final Path dir;
    private final LockedFile tag;

    private WorkDirectory(Path dir, LockedFile tag) {
        this.dir = dir;
        this.tag = tag;
    }

    /**
     * Creates or reuses {@code dir} and locks it; refuses a foreign non-empty directory or one in use.
     * {@code catalog} names the work-directory artifacts an earlier compile may have left.
     */
    static WorkDirectory acquire(Path dir, ArtifactCatalog catalog) {
        try {
            checkUsable(dir);
            createPrivately(dir);
            Path tagPath = dir.resolve(TAG);
            if (Files.isSymbolicLink(tagPath)) {
                throw new InvalidInputException("work directory " + dir + " has a symbolic link as " + TAG
                        + "; remove it or use a new directory");
            }
            LockedFile tag = LockedFile.open(tagPath, StandardOpenOption.READ);
            if (!tag.tryLock()) {
                String holder = tag.head(32);
                tag.close();
                throw new InvalidInputException("work directory " + dir + " is in use by another compile"
                        + (holder.isEmpty() ? "" : " (pid " + holder + ")") + "; wait for it or use another --workdir");
            }
            tag.replaceContent(ProcessHandle.current().pid() + "\n");
            try {
                PreviousCompileFiles.remove(dir, catalog);
            } catch (RuntimeException e) {
                tag.close();
                throw e;
            }
            return new WorkDirectory(dir, tag);
        } catch (AccessDeniedException e) {
            throw new InvalidInputException("cannot use the work directory " + dir + ": permission denied on "
                    + e.getFile() + "; give --workdir a directory of your own");
        } catch (FileSystemException e) {
            throw new InvalidInputException("cannot use the work directory " + dir + ": " + e.getFile() + ": "
                    + (e.getReason() != null ? e.getReason() : e.getClass().getSimpleName())
                    + "; give --workdir another directory");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the work directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Refuses, without touching anything, a symbolic link, a non-empty directory Starfish did not
     * create, and a directory another user owns or may write: its jobs' inputs and replay scripts
     * would be theirs to change (the rule {@code starfish replay} applies, {@link PathTrust}).
     */
    static void checkUsable(Path dir) {
        if (Files.isSymbolicLink(dir)) {
            throw new InvalidInputException("work directory " + dir + " is a symbolic link; give the real directory");
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        PathTrust.whyUntrusted(dir, true).ifPresent(problem -> {
            throw new InvalidInputException("work directory " + dir + " " + problem + "; give --workdir a directory "
                    + "of your own that only you can write (nothing was run)");
        });
        try {
            if (!isTagged(dir) && !isEmpty(dir)) {
                throw new InvalidInputException("work directory " + dir + " is not empty and was not created by "
                        + "starfish; use a new directory");
            }
        } catch (IOException e) {
            throw new InvalidInputException("work directory " + dir + " cannot be read: " + e.getMessage());
        }
    }

    /** Creates {@code dir} (its parents as the umask says) writable by its owner only, whatever the umask. */
    private static void createPrivately(Path dir) throws IOException {
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        } catch (FileAlreadyExistsException e) {
            checkUsable(dir);
        }
    }

    static boolean isTagged(Path dir) {
        return Files.isRegularFile(dir.resolve(TAG), LinkOption.NOFOLLOW_LINKS);
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            return !entries.iterator().hasNext();
        }
    }

    Path path() {
        return dir;
    }

    @Override
    public void close() {
        tag.close();
    }
}

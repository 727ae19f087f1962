package dev.starfish.runtime.batch;

import dev.starfish.runtime.config.CurrentUser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Set;

/**
 * The batch directory of a Slurm batch, made the way {@code mkdtemp} makes one: a name with a
 * random part nobody can guess ({@code starfish-batch-DATE-RANDOM}), created in one step that
 * fails if anything holds the name (an existing directory is never reused), mode 0700, and its
 * owner and mode checked once created, through no link. The task script and the models' lists
 * in it are then the submitter's alone: no other user can read, swap or add a file there.
 */
final class BatchDirectory {

    static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

    private BatchDirectory() {
    }

    /** A new private directory in {@code parent}. */
    static Path create(Path parent) {
        String prefix = "starfish-batch-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-";
        Path dir;
        try {
            Files.createDirectories(parent);
            dir = Files.createTempDirectory(parent, prefix, PosixFilePermissions.asFileAttribute(PRIVATE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the Slurm batch directory in " + parent + ": " + reason(e)
                    + "; the batch directory goes next to the report: give --report a file in a writable directory", e);
        }
        checkPrivate(dir);
        return dir;
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException fse) {
            return fse.getFile() + ": " + (fse.getReason() != null ? fse.getReason() : e.getClass().getSimpleName());
        }
        return String.valueOf(e.getMessage());
    }

    /** Fails unless {@code dir} is a directory (not a link) of this user with mode 0700. */
    static void checkPrivate(Path dir) {
        try {
            Map<String, Object> a = Files.readAttributes(dir, "unix:uid,mode,isDirectory", LinkOption.NOFOLLOW_LINKS);
            int mode = (Integer) a.get("mode") & 07777;
            if (!(Boolean) a.get("isDirectory") || (Integer) a.get("uid") != CurrentUser.uid() || mode != 0700) {
                throw new IllegalStateException("the new Slurm batch directory " + dir + " is not a private directory "
                        + "of yours (expected uid " + CurrentUser.uid() + ", mode 700; found uid " + a.get("uid")
                        + ", mode " + Integer.toOctalString(mode) + "); check the filesystem's ownership and ACL "
                        + "settings of " + dir.getParent());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check the Slurm batch directory " + dir + ": " + e.getMessage(), e);
        }
    }
}

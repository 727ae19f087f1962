package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;

/**
 * A compile's output ({@code -o}), held for the whole compile like its log and work directory:
 * the lock file {@code .NAME.lock} next to the output carries an exclusive OS lock (the output
 * itself is replaced by a rename, so its own inode cannot carry it), and a second compile of the
 * same output is refused instead of racing the first one's rename. The lock file is kept: removing
 * it would let a third compile lock a new file while the second still holds the old one. The
 * {@code .neff} is made in the work directory and only {@link #publish}ed here once it is stored.
 */
final class OutputFile implements AutoCloseable {

    /** What the {@code .neff} is called in the work directory until it is published. */
    static final String WORK_NAME = "output.neff";

    private final Path output;
    private final LockedFile lock;
    private final Set<PosixFilePermission> mode;

    private OutputFile(Path output, LockedFile lock, Set<PosixFilePermission> mode) {
        this.output = output;
        this.lock = lock;
        this.mode = mode;
    }

    /** Where a compile in {@code workDir} makes its {@code .neff}. */
    static Path madeIn(Path workDir) {
        return workDir.resolve(WORK_NAME);
    }

    /**
     * Locks {@code output} (its directory exists); refuses it when another compile holds it. The
     * published file gets {@code mode} (the command's umask applied to 0666), whatever the mode of
     * the process that made it.
     */
    static OutputFile acquire(Path output, Set<PosixFilePermission> mode) {
        Path lockPath = output.toAbsolutePath().resolveSibling("." + output.getFileName() + ".lock");
        LockedFile lock;
        try {
            lock = LockedFile.open(lockPath, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new InvalidInputException("cannot lock the output file " + output + ": cannot open " + lockPath + " ("
                    + (e instanceof AccessDeniedException ? "permission denied" : e.getMessage())
                    + "); give -o a file in a directory of your own");
        }
        if (!lock.tryLock()) {
            String holder = head(lock);
            lock.close();
            throw new InvalidInputException("output file " + output + " is being written by another compile"
                    + (holder.isEmpty() ? "" : " (pid " + holder + ")") + "; wait for it or give -o another name");
        }
        try {
            lock.replaceContent(ProcessHandle.current().pid() + "\n");
        } catch (IOException e) {
            // the pid is only for the refusal's message; the lock is what counts
        }
        return new OutputFile(output, lock, Set.copyOf(mode));
    }

    private static String head(LockedFile lock) {
        try {
            return lock.head(32);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Moves the {@code .neff} this compile made ({@code made}, in its work directory) to the
     * output: a rename when both are on one file system, else a copy into a private temporary
     * file next to the output, renamed into place. The mode is the one the tool gave it.
     */
    void publish(Path made) {
        try {
            Files.setPosixFilePermissions(made, mode);
            Files.move(made, output, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            copyIntoPlace(made);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the .neff " + made + " to " + output + ": " + e.getMessage(), e);
        }
    }

    private void copyIntoPlace(Path made) {
        byte[] nonce = new byte[3];
        new SecureRandom().nextBytes(nonce);
        Path temp = output.toAbsolutePath().resolveSibling(output.getFileName() + ".tmp" + HexFormat.of().formatHex(nonce));
        try {
            try (InputStream in = Files.newInputStream(made, LinkOption.NOFOLLOW_LINKS);
                    OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                            LinkOption.NOFOLLOW_LINKS)) {
                in.transferTo(out);
            }
            Files.setPosixFilePermissions(temp, mode);
            Files.move(temp, output, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.delete(made);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the .neff " + made + " to " + output + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                // a leftover NAME.tmpXXXXXX is never the output
            }
        }
    }

    @Override
    public void close() {
        lock.close();
    }
}

package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.apache.logging.log4j.ThreadContext;

/**
 * A compile's own log file, for the duration of the compile: opened (so an unwritable path is
 * reported before any job runs), locked (a second compile writing the same file is refused,
 * instead of interleaving lines), and routed to by the log configuration through the thread
 * context key {@value #CONTEXT_KEY}. When {@code latestLink} is given, that path becomes a
 * symbolic link to this log (replaced atomically), so {@code log-starfish.txt} in the launch
 * directory always shows the latest compile while each compile keeps its own file.
 */
final class CompileLog implements AutoCloseable {

    static final String CONTEXT_KEY = "logfile";

    private final FileChannel channel;
    private final FileLock lock;
    private final String previous;

    private CompileLog(FileChannel channel, FileLock lock, String previous) {
        this.channel = channel;
        this.lock = lock;
        this.previous = previous;
    }

    static CompileLog open(Path file, Optional<Path> latestLink) {
        FileChannel channel;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new InvalidInputException("cannot write the log file " + file + ": " + reason(e)
                    + "; give --logfile a writable file");
        }
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (IOException | OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            closeQuietly(channel);
            throw new InvalidInputException("log file " + file + " is in use by another compile; give --logfile "
                    + "another name");
        }
        latestLink.ifPresent(link -> pointTo(link, file));
        String previous = ThreadContext.get(CONTEXT_KEY);
        ThreadContext.put(CONTEXT_KEY, file.toString());
        return new CompileLog(channel, lock, previous);
    }

    /** Replaces {@code link} by a symbolic link to {@code file}; a regular file of the user's there is left alone. */
    private static void pointTo(Path link, Path file) {
        if (Files.exists(link, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(link)) {
            return;
        }
        Path parent = link.toAbsolutePath().getParent();
        Path temp = parent.resolve("." + link.getFileName() + "." + ProcessHandle.current().pid() + ".link");
        try {
            Files.deleteIfExists(temp);
            Path target = parent.equals(file.toAbsolutePath().getParent()) ? file.getFileName()
                    : parent.relativize(file.toAbsolutePath());
            Files.createSymbolicLink(temp, target);
            Files.move(temp, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the link is a convenience; the compile's own log is written either way
            }
        }
    }

    private static String reason(IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                : e instanceof java.nio.file.NoSuchFileException ? "no such directory"
                : e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null ? fse.getReason()
                : message;
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written through it
        }
    }

    @Override
    public void close() {
        if (previous == null) {
            ThreadContext.remove(CONTEXT_KEY);
        } else {
            ThreadContext.put(CONTEXT_KEY, previous);
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the log file lock: " + e.getMessage(), e);
        }
    }
}

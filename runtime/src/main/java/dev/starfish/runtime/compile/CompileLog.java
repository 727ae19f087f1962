package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.log.LogFileSink;
import dev.starfish.runtime.registry.JobThreadScope;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * A compile's own log file, for the duration of the compile: opened (so an unwritable path is
 * reported before any job runs), locked (a second compile writing the same file is refused,
 * instead of interleaving lines), and routed to by the log configuration through the thread
 * context key {@value #CONTEXT_KEY}. When {@code latestLink} is given, that path becomes a
 * symbolic link to this log (replaced atomically), so {@code log-starfish.txt} in the launch
 * directory always shows the latest compile while each compile keeps its own file. The log is
 * emptied and written through the locked handle ({@link LogFileSink}), never reopened by name.
 */
final class CompileLog implements AutoCloseable {

    static final String CONTEXT_KEY = "logfile";

    private final LockedFile file;
    private final Optional<LogFileSink.Registration> written;
    private final JobThreadScope logContext;

    private CompileLog(LockedFile file, Optional<LogFileSink.Registration> written, JobThreadScope logContext) {
        this.file = file;
        this.written = written;
        this.logContext = logContext;
    }

    static CompileLog open(Path file, Optional<Path> latestLink) {
        LockedFile locked;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            locked = LockedFile.open(file);
        } catch (IOException e) {
            throw new InvalidInputException("cannot write the log file " + file + ": " + reason(e)
                    + "; give --logfile a writable file");
        }
        if (!locked.tryLock()) {
            locked.close();
            throw new InvalidInputException("log file " + file + " is in use by another compile; give --logfile "
                    + "another name");
        }
        try {
            locked.channel().truncate(0);
        } catch (IOException e) {
            locked.close();
            throw new InvalidInputException("cannot write the log file " + file + ": " + reason(e)
                    + "; give --logfile a writable file");
        }
        Optional<LogFileSink.Registration> written = LogFileSink.current()
                .map(sink -> sink.attach(file.toString(), locked.channel()));
        latestLink.ifPresent(link -> pointTo(link, file));
        return new CompileLog(locked, written, JobThreadScope.enter(CONTEXT_KEY, file.toString()));
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
        return e instanceof AccessDeniedException ? "permission denied"
                : e instanceof NoSuchFileException ? "no such directory"
                : e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason()
                : message;
    }

    @Override
    public void close() {
        logContext.close();
        written.ifPresent(LogFileSink.Registration::close);
        file.close();
    }
}

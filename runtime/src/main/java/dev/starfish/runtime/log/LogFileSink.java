package dev.starfish.runtime.log;

import java.nio.channels.FileChannel;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;

/**
 * Where the logging writes a compile's log file, told the handle the compile opened and locked
 * (without following a link) for the name its thread context carries, so that every line goes
 * through that handle: the name is never opened again, and a link swapped in for it after the lock
 * cannot redirect a line, or a truncation, to another file. The shipped logging implements it;
 * another Log4j configuration (which opens files by name) does not.
 */
public interface LogFileSink {

    /**
     * Writes the lines logged for {@code name} to {@code channel}, from its current position,
     * until the returned registration is closed; the caller keeps and closes the channel.
     */
    Registration attach(String name, FileChannel channel);

    /** The end of an {@link #attach}; later lines for the name are not written. */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** The sink of the logging this process started, when it is one. */
    static Optional<LogFileSink> current() {
        return LogManager.getFactory() instanceof LogFileSink sink ? Optional.of(sink) : Optional.empty();
    }
}

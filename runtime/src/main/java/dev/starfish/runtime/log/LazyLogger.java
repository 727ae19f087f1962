package dev.starfish.runtime.log;

import static java.util.Objects.requireNonNull;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A class's Log4j logger, made on first use, for the classes that {@code jobs}, {@code plugins} and
 * {@code cache} run through. The first logger of a process starts the Log4j API, which reads its
 * properties and services from every jar of the class path: about 40 ms that such a command, whose
 * classes all come from the class-data archive, otherwise never spends (docs/benchmarks.md). So
 * an event that nothing would keep — the process logs to the console only and the console level
 * is above the event's — is dropped here without starting Log4j; any other goes to Log4j as usual.
 */
public final class LazyLogger {

    /** The console threshold {@code conf/log4j2.properties} applies (default warn), set from -v/-q/--log-level. */
    public static final String CONSOLE_LEVEL_PROPERTY = "starfish.console.level";

    /** Names the console-only logging (the CLI's choice for the commands that write no log file). */
    public static final String CONSOLE_ONLY_FACTORY = "dev.starfish.runtime.log.ConsoleLoggerContextFactory";

    private static final String CONTEXT_FACTORY_PROPERTY = "log4j2.loggerContextFactory";

    private final Class<?> owner;
    private volatile Logger logger;

    private LazyLogger(Class<?> owner) {
        this.owner = requireNonNull(owner, "owner is null");
    }

    public static LazyLogger of(Class<?> owner) {
        return new LazyLogger(owner);
    }

    /** The Log4j logger, made now if it was not yet. */
    public Logger get() {
        Logger made = logger;
        if (made == null) {
            made = LogManager.getLogger(owner);
            logger = made;
        }
        return made;
    }

    /**
     * The console threshold of this process: {@link #CONSOLE_LEVEL_PROPERTY}, default warn (the JVM's
     * configuration; a command's own level is its {@link ConsoleRoutes route}'s).
     */
    public static Level consoleThreshold() {
        return Level.toLevel(System.getProperty(CONSOLE_LEVEL_PROPERTY, "WARN"), Level.WARN);
    }

    /** False only when an event at {@code level} would surely be dropped (console-only logging above it). */
    static boolean mayKeep(Level level) {
        return !CONSOLE_ONLY_FACTORY.equals(System.getProperty(CONTEXT_FACTORY_PROPERTY))
                || level.isMoreSpecificThan(ConsoleRoutes.process().loosest(consoleThreshold()));
    }

    public void trace(String message, Object... params) {
        if (mayKeep(Level.TRACE)) {
            get().trace(message, params);
        }
    }

    public void debug(String message, Object... params) {
        if (mayKeep(Level.DEBUG)) {
            get().debug(message, params);
        }
    }

    public void info(String message, Object... params) {
        if (mayKeep(Level.INFO)) {
            get().info(message, params);
        }
    }

    public void warn(String message, Object... params) {
        if (mayKeep(Level.WARN)) {
            get().warn(message, params);
        }
    }
}

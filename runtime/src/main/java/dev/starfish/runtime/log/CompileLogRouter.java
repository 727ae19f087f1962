package dev.starfish.runtime.log;

import dev.starfish.runtime.log.ConsoleRoutes;
import java.io.PrintStream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.message.Message;

/**
 * Where an event goes under the shipped configuration: at debug or above to the compile log the
 * thread's {@value #LOGFILE_KEY} context names, in the file pattern; at or above the console level
 * also to stderr in the console pattern (the stderr and level of the command whose thread logged it,
 * {@link ConsoleRoutes}), except the events of {@value #OUTCOME_LOGGER}, which are
 * for the compile log only.
 */
public final class CompileLogRouter {

    /** The logger whose events are for the compile log only ({@code logger.outcome} of the shipped file). */
    public static final String OUTCOME_LOGGER = "starfish.compile.outcome";

    /** The thread context key the compile sets to its log file ({@code compile.CompileLog}). */
    static final String LOGFILE_KEY = "logfile";

    private final Level consoleLevel;
    private final CompileLogFiles files;
    private final PrintStream console;
    private final LogLine lines = new LogLine();

    public CompileLogRouter(Level consoleLevel, CompileLogFiles files, PrintStream console) {
        this.consoleLevel = consoleLevel;
        this.files = files;
        this.console = console;
    }

    PrintStream console() {
        return console;
    }

    public void log(String logger, Level level, Message message, Throwable thrown) {
        String text = message.getFormattedMessage();
        ConsoleRoutes.Route route = ConsoleRoutes.process().current();
        Level shownFrom = route != null ? route.level() : consoleLevel;
        if (!OUTCOME_LOGGER.equals(logger) && level.isMoreSpecificThan(shownFrom)) {
            (route != null ? route.err() : console).println(LogLine.console(level, text));
        }
        String file = ThreadContext.get(LOGFILE_KEY);
        if (file != null && !file.isEmpty()) {
            files.write(file, lines.file(System.currentTimeMillis(), level, Thread.currentThread().getName(), text,
                    thrown != null ? thrown : message.getThrowable()));
        }
    }
}

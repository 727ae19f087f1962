package dev.starfish.runtime.log;

import dev.starfish.runtime.log.ConsoleRoutes;
import java.io.PrintStream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.MessageFactory;
import org.apache.logging.log4j.simple.SimpleLogger;
import org.apache.logging.log4j.util.PropertiesUtil;

/**
 * The Log4j API's logging for the commands that write no log file ({@code jobs}, {@code plugins},
 * {@code help}): each event at or above the console level as one line on stderr, in the format of
 * {@code conf/log4j2.properties}' console appender ({@code %-5level [job/subgraph] message}, no
 * stack trace). Starting Log4j core with the whole configuration cost such a command about a
 * third of its run time (docs/benchmarks.md); {@code compile} and {@code batch}, which also write
 * a log file, use {@link CompileLoggerContextFactory}. Chosen by {@link LoggingBootstrap} through
 * {@code log4j2.loggerContextFactory} before any logger exists.
 */
public final class ConsoleLoggerContextFactory extends OwnLoggerContextFactory {

    public ConsoleLoggerContextFactory() {
        super(new OwnLoggerContext((name, messageFactory) -> new ConsoleLogger(name, consoleLevel(), messageFactory,
                System.err)));
    }

    /** The threshold {@code conf/log4j2.properties} would apply: {@code starfish.console.level}, default warn. */
    private static Level consoleLevel() {
        return LazyLogger.consoleThreshold();
    }

    /**
     * One line per event, as the console appender's pattern writes it, on the stderr of the command
     * whose thread logged it ({@link ConsoleRoutes}), else on the stderr the process was started with.
     */
    private static final class ConsoleLogger extends SimpleLogger {
        private final transient PrintStream processErr;
        private final Level processLevel;

        ConsoleLogger(String name, Level level, MessageFactory messageFactory, PrintStream processErr) {
            // every level here: whether a line is shown is the logging command's level, known per event
            super(name, Level.ALL, false, false, false, false, null, messageFactory,
                    PropertiesUtil.getProperties(), processErr);
            this.processErr = processErr;
            this.processLevel = level;
        }

        @Override
        public void logMessage(String fqcn, Level level, Marker marker, Message message, Throwable thrown) {
            ConsoleRoutes.Route route = ConsoleRoutes.process().current();
            if (route == null) {
                if (level.isMoreSpecificThan(processLevel)) {
                    processErr.println(LogLine.console(level, message.getFormattedMessage()));
                }
            } else if (level.isMoreSpecificThan(route.level())) {
                route.err().println(LogLine.console(level, message.getFormattedMessage()));
            }
        }
    }
}

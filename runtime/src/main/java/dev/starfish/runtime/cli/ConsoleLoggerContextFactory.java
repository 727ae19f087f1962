package dev.starfish.runtime.cli;

import java.net.URI;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.ThreadContext;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.MessageFactory;
import org.apache.logging.log4j.simple.SimpleLogger;
import org.apache.logging.log4j.spi.ExtendedLogger;
import org.apache.logging.log4j.spi.LoggerContext;
import org.apache.logging.log4j.spi.LoggerContextFactory;
import org.apache.logging.log4j.spi.LoggerRegistry;
import org.apache.logging.log4j.util.PropertiesUtil;

/**
 * The Log4j API's logging for the commands that write no log file ({@code jobs}, {@code plugins},
 * {@code help}): each event at or above the console level as one line on stderr, in the format of
 * {@code conf/log4j2.properties}' console appender ({@code %-5level [job/subgraph] message}, no
 * stack trace). Starting Log4j core with the whole configuration costs such a command about a
 * third of its run time (docs/benchmarks.md); only {@code compile} needs it. Chosen by
 * {@link LoggingBootstrap} through {@code log4j2.loggerContextFactory} before any logger exists.
 */
public final class ConsoleLoggerContextFactory implements LoggerContextFactory {

    private final Context context = new Context(consoleLevel());

    /** The threshold {@code conf/log4j2.properties} would apply: {@code starfish.console.level}, default warn. */
    private static Level consoleLevel() {
        return dev.starfish.runtime.log.LazyLogger.consoleThreshold();
    }

    @Override
    public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext, boolean currentContext) {
        return context;
    }

    @Override
    public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext, boolean currentContext,
            URI configLocation, String name) {
        return context;
    }

    @Override
    public void removeContext(LoggerContext removed) {
        // one context for the whole process
    }

    @Override
    public boolean isClassLoaderDependent() {
        return false;
    }

    private static final class Context implements LoggerContext {
        private final LoggerRegistry<ExtendedLogger> loggers = new LoggerRegistry<>();
        private final Level level;

        Context(Level level) {
            this.level = level;
        }

        @Override
        public Object getExternalContext() {
            return null;
        }

        @Override
        public ExtendedLogger getLogger(String name) {
            return getLogger(name, null);
        }

        @Override
        public ExtendedLogger getLogger(String name, MessageFactory messageFactory) {
            ExtendedLogger existing = loggers.getLogger(name, messageFactory);
            if (existing != null) {
                return existing;
            }
            loggers.putIfAbsent(name, messageFactory, new ConsoleLogger(name, level, messageFactory));
            return loggers.getLogger(name, messageFactory);
        }

        @Override
        public boolean hasLogger(String name) {
            return loggers.hasLogger(name);
        }

        @Override
        public boolean hasLogger(String name, MessageFactory messageFactory) {
            return loggers.hasLogger(name, messageFactory);
        }

        @Override
        public boolean hasLogger(String name, Class<? extends MessageFactory> messageFactoryClass) {
            return loggers.hasLogger(name, messageFactoryClass);
        }
    }

    /** One line per event, as the console appender's pattern writes it. */
    private static final class ConsoleLogger extends SimpleLogger {
        ConsoleLogger(String name, Level level, MessageFactory messageFactory) {
            super(name, level, false, false, false, false, null, messageFactory, PropertiesUtil.getProperties(),
                    System.err);
        }

        @Override
        public void logMessage(String fqcn, Level level, Marker marker, Message message, Throwable thrown) {
            String job = ThreadContext.get("job");
            String subgraph = ThreadContext.get("subgraph");
            String where = job == null || job.isEmpty() ? ""
                    : "[" + job + (subgraph == null || subgraph.isEmpty() ? "" : "/" + subgraph) + "] ";
            System.err.println(String.format("%-5s %s%s", level.name(), where, message.getFormattedMessage()));
        }
    }
}

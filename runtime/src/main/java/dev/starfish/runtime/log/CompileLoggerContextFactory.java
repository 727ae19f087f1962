package dev.starfish.runtime.log;

import dev.starfish.runtime.log.LogFileSink;
import java.nio.channels.FileChannel;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.MessageFactory;
import org.apache.logging.log4j.simple.SimpleLogger;
import org.apache.logging.log4j.util.PropertiesUtil;

/**
 * The Log4j API's logging for {@code compile} and {@code batch} when {@code conf/log4j2.properties}
 * is the shipped file: what that configuration does ({@link CompileLogRouter}), without starting
 * Log4j core. Log4j core's start with that configuration (its plugin registry, the pattern layouts,
 * the properties turned into appenders by reflection) was ~120 ms of a 570 ms compile
 * (docs/benchmarks.md); any other configuration file still starts Log4j core. Chosen by
 * {@link LoggingBootstrap}.
 */
public final class CompileLoggerContextFactory extends OwnLoggerContextFactory implements LogFileSink {

    private final CompileLogFiles files;

    public CompileLoggerContextFactory() {
        this(new CompileLogFiles(System.err));
    }

    private CompileLoggerContextFactory(CompileLogFiles files) {
        super(context(new CompileLogRouter(LazyLogger.consoleThreshold(), files,
                System.err)));
        this.files = files;
    }

    /** A compile's locked log handle, written through for its name ({@link dev.starfish.runtime.log.LogFileSink}). */
    @Override
    public Registration attach(String name, FileChannel channel) {
        return files.attach(name, channel);
    }

    /** The context whose loggers all route through {@code router}; tests make their own. */
    public static OwnLoggerContext context(CompileLogRouter router) {
        return new OwnLoggerContext((name, messageFactory) -> new CompileLogger(name, messageFactory, router));
    }

    /** Debug and above, as the shipped root logger; where each event goes is the router's to decide. */
    private static final class CompileLogger extends SimpleLogger {
        private final transient CompileLogRouter router;

        CompileLogger(String name, MessageFactory messageFactory, CompileLogRouter router) {
            super(name, Level.DEBUG, false, false, false, false, null, messageFactory, PropertiesUtil.getProperties(),
                    router.console());
            this.router = router;
        }

        @Override
        public void logMessage(String fqcn, Level level, Marker marker, Message message, Throwable thrown) {
            router.log(getName(), level, message, thrown);
        }
    }
}

package dev.starfish.runtime.launch;

import java.io.StringWriter;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.WriterAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.layout.PatternLayout;

/** Collects the messages one logger writes at INFO and above while open, one per line. */
public final class LogCapture implements AutoCloseable {

    private final String loggerName;
    private final StringWriter text = new StringWriter();
    private final WriterAppender appender;

    public LogCapture(Class<?> logger) {
        this.loggerName = logger.getName();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        appender = WriterAppender.newBuilder().setName("capture-" + System.identityHashCode(this))
                .setTarget(text).setLayout(PatternLayout.newBuilder().withPattern("%m%n").build()).build();
        appender.start();
        LoggerConfig loggerConfig = new LoggerConfig(loggerName, Level.INFO, false);
        loggerConfig.addAppender(appender, Level.INFO, null);
        config.addLogger(loggerName, loggerConfig);
        context.updateLoggers();
    }

    /** The lines logged so far. */
    public List<String> lines() {
        return text.toString().lines().toList();
    }

    @Override
    public void close() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        context.getConfiguration().removeLogger(loggerName);
        context.updateLoggers();
        appender.stop();
    }
}

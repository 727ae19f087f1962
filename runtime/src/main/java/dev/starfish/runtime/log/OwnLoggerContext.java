package dev.starfish.runtime.log;

import java.util.function.BiFunction;
import org.apache.logging.log4j.message.MessageFactory;
import org.apache.logging.log4j.spi.ExtendedLogger;
import org.apache.logging.log4j.spi.LoggerContext;
import org.apache.logging.log4j.spi.LoggerRegistry;

/** The one Log4j API context of Starfish's own logging: its loggers, each made once by {@code maker}. */
public final class OwnLoggerContext implements LoggerContext {

    private final LoggerRegistry<ExtendedLogger> loggers = new LoggerRegistry<>();
    private final BiFunction<String, MessageFactory, ExtendedLogger> maker;

    OwnLoggerContext(BiFunction<String, MessageFactory, ExtendedLogger> maker) {
        this.maker = maker;
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
        loggers.putIfAbsent(name, messageFactory, maker.apply(name, messageFactory));
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

package dev.starfish.runtime.log;

import java.net.URI;
import org.apache.logging.log4j.spi.LoggerContext;
import org.apache.logging.log4j.spi.LoggerContextFactory;

/** A Log4j API context factory that answers every request with one process-wide {@link OwnLoggerContext}. */
abstract class OwnLoggerContextFactory implements LoggerContextFactory {

    private final OwnLoggerContext context;

    OwnLoggerContextFactory(OwnLoggerContext context) {
        this.context = context;
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
}

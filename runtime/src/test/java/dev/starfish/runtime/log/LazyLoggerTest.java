package dev.starfish.runtime.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.log.ConsoleLoggerContextFactory;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LazyLoggerTest {

    private static final String FACTORY = "log4j2.loggerContextFactory";

    private final String savedFactory = System.getProperty(FACTORY);
    private final String savedLevel = System.getProperty(LazyLogger.CONSOLE_LEVEL_PROPERTY);

    @AfterEach
    void restore() {
        restore(FACTORY, savedFactory);
        restore(LazyLogger.CONSOLE_LEVEL_PROPERTY, savedLevel);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    @Test
    void namesTheConsoleOnlyFactoryTheCliChooses() {
        assertThat(LazyLogger.CONSOLE_ONLY_FACTORY).isEqualTo(ConsoleLoggerContextFactory.class.getName());
    }

    @Test
    void onTheConsoleOnlyAnEventBelowTheConsoleLevelIsDroppedAndOneAtItKept() {
        System.setProperty(FACTORY, LazyLogger.CONSOLE_ONLY_FACTORY);
        System.clearProperty(LazyLogger.CONSOLE_LEVEL_PROPERTY);
        assertThat(LazyLogger.mayKeep(Level.DEBUG)).as("default console level warn").isFalse();
        assertThat(LazyLogger.mayKeep(Level.INFO)).isFalse();
        assertThat(LazyLogger.mayKeep(Level.WARN)).isTrue();
        assertThat(LazyLogger.mayKeep(Level.ERROR)).isTrue();

        System.setProperty(LazyLogger.CONSOLE_LEVEL_PROPERTY, "DEBUG");
        assertThat(LazyLogger.mayKeep(Level.DEBUG)).as("-vv").isTrue();
        assertThat(LazyLogger.mayKeep(Level.TRACE)).isFalse();

        System.setProperty(LazyLogger.CONSOLE_LEVEL_PROPERTY, "not-a-level");
        assertThat(LazyLogger.mayKeep(Level.WARN)).as("an unknown level reads as warn").isTrue();
        assertThat(LazyLogger.mayKeep(Level.INFO)).isFalse();
    }

    @Test
    void withLog4jCoreEveryEventGoesToLog4jWhichKnowsTheLogFileToo() {
        System.clearProperty(FACTORY);
        System.setProperty(LazyLogger.CONSOLE_LEVEL_PROPERTY, "ERROR");
        assertThat(LazyLogger.mayKeep(Level.TRACE)).isTrue();
        assertThat(LazyLogger.mayKeep(Level.DEBUG)).isTrue();
    }

    @Test
    void makesItsLoggerOnceAndForItsOwner() {
        LazyLogger lazy = LazyLogger.of(LazyLoggerTest.class);
        assertThat(lazy.get()).isSameAs(lazy.get());
        assertThat(lazy.get().getName()).isEqualTo(LazyLoggerTest.class.getName());
    }
}

package dev.starfish.runtime.cli;

import dev.starfish.runtime.log.LazyLogger;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The console levels of every subcommand ({@code --log-level}, {@code -v}, {@code -q}) and the
 * Log4j level each stands for. {@code warn} (Log4j's name) and {@code warning} are the same level.
 */
enum Verbosity {
    DEBUG("DEBUG"), INFO("INFO"), WARN("WARN"), ERROR("ERROR");

    /** The system property {@code conf/log4j2.properties} reads the console threshold from. */
    static final String CONSOLE_LEVEL_PROPERTY = LazyLogger.CONSOLE_LEVEL_PROPERTY;

    private final String log4jLevel;

    Verbosity(String log4jLevel) {
        this.log4jLevel = log4jLevel;
    }

    String log4jLevel() {
        return log4jLevel;
    }

    /** The level a user typed, any case; {@code warning} is accepted for {@code warn}. */
    static Optional<Verbosity> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String name = text.trim().toUpperCase(Locale.ROOT);
        if (name.equals("WARNING")) {
            return Optional.of(WARN);
        }
        return Arrays.stream(values()).filter(v -> v.name().equals(name)).findFirst();
    }

    /** The accepted names, for messages: {@code debug, info, warn, error}. */
    static String names() {
        return Arrays.stream(values()).map(v -> v.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
    }
}

package dev.starfish.runtime.cli;

/** The console levels {@code --verbose} accepts, and the Log4j level each stands for. */
enum Verbosity {
    DEBUG("DEBUG"), INFO("INFO"), WARNING("WARN"), ERROR("ERROR");

    /** The system property {@code conf/log4j2.properties} reads the console threshold from. */
    static final String CONSOLE_LEVEL_PROPERTY = "starfish.console.level";

    private final String log4jLevel;

    Verbosity(String log4jLevel) {
        this.log4jLevel = log4jLevel;
    }

    String log4jLevel() {
        return log4jLevel;
    }
}

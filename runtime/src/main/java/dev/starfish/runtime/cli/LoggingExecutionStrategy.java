package dev.starfish.runtime.cli;

import picocli.CommandLine;

/**
 * Sets the console log level from {@code --verbose} before anything logs, then runs the
 * last subcommand. Log4j reads {@code starfish.console.level} when it first initialises,
 * which happens after this point because no command class logs during parsing.
 */
final class LoggingExecutionStrategy implements CommandLine.IExecutionStrategy {

    static final String CONSOLE_LEVEL_PROPERTY = "starfish.console.level";

    @Override
    public int execute(CommandLine.ParseResult parseResult) {
        for (CommandLine.ParseResult sub = parseResult; sub != null; sub = sub.subcommand()) {
            Object command = sub.commandSpec().userObject();
            if (command instanceof VerbosityAware aware && aware.verbosity() != null) {
                System.setProperty(CONSOLE_LEVEL_PROPERTY, aware.verbosity().log4jLevel());
            }
        }
        return new CommandLine.RunLast().execute(parseResult);
    }

    /** A command that lets the user choose the console's log level. */
    interface VerbosityAware {
        Verbosity verbosity();
    }

    /** The levels {@code --verbose} accepts. */
    enum Verbosity {
        DEBUG("DEBUG"), INFO("INFO"), WARNING("WARN"), ERROR("ERROR");

        private final String log4jLevel;

        Verbosity(String log4jLevel) {
            this.log4jLevel = log4jLevel;
        }

        String log4jLevel() {
            return log4jLevel;
        }
    }
}

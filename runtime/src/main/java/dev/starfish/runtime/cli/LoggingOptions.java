package dev.starfish.runtime.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The one verbosity model every subcommand shares: {@code -v} (info), {@code -vv} (debug),
 * {@code -q} (errors only) and {@code --log-level LEVEL}. Logging starts before the command
 * line is parsed, so {@link EarlyArguments} applies these; this mixin declares them for help
 * and validation.
 */
final class LoggingOptions {

    @Option(names = {"-v", "--verbose"},
            description = "Show more on the console: once for info, twice (-vv) for debug (default level: warn).")
    boolean[] verbose = new boolean[0];

    @Option(names = {"-q", "--quiet"}, description = "Show only errors on the console (and a compile's final line).")
    boolean quiet;

    @Option(names = "--log-level", paramLabel = "LEVEL", converter = LevelConverter.class,
            description = "Console log level: debug, info, warn or error (default: warn).")
    Verbosity level;

    boolean quiet() {
        return quiet;
    }

    /** Parses a level, accepting any case and {@code warning} for {@code warn}. */
    static final class LevelConverter implements ITypeConverter<Verbosity> {
        @Override
        public Verbosity convert(String value) {
            return Verbosity.parse(value).orElseThrow(() -> new TypeConversionException(
                    "expected one of " + Verbosity.names() + ", found '" + value + "'"));
        }
    }
}

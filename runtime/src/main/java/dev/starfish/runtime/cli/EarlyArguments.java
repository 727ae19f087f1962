package dev.starfish.runtime.cli;

import dev.starfish.runtime.plugin.PluginRejectList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The few arguments needed before the command line can be parsed: the subcommand, the
 * plugins directory and reject list (the compile command's options depend on which jobs
 * load) and the console level (logging starts while the plugins load). A cheap scan;
 * Picocli still parses and validates everything afterwards.
 */
record EarlyArguments(String subcommand, Path pluginsDir, List<String> rejectJobs, Optional<Verbosity> consoleLevel) {

    private static final Set<String> SUBCOMMANDS = Set.of("compile", "batch", "jobs", "plugins", "help", "replay",
            "doctor", "cache", "pipeline", "inspect", "clean", "server", "generate-completion", "generate-man-pages");

    static EarlyArguments scan(String... args) {
        String subcommand = null;
        Path pluginsDir = null;
        List<String> rejects = new ArrayList<>();
        int verbose = 0;
        boolean quiet = false;
        Verbosity level = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value = i + 1 < args.length ? args[i + 1] : null;
            if (arg.equals("--")) {
                break;
            } else if (arg.startsWith("--plugins-dir=")) {
                pluginsDir = Path.of(arg.substring("--plugins-dir=".length()));
            } else if (arg.equals("--plugins-dir") && value != null) {
                pluginsDir = Path.of(value);
                i++;
            } else if (arg.startsWith("--reject-jobs=")) {
                rejects.addAll(split(arg.substring("--reject-jobs=".length())));
            } else if (arg.equals("--reject-jobs") && value != null) {
                rejects.addAll(split(value));
                i++;
            } else if (arg.equals("--log-level") && value != null) {
                level = Verbosity.parse(value).orElse(level);
                i++;
            } else if (arg.startsWith("--log-level=")) {
                level = Verbosity.parse(arg.substring("--log-level=".length())).orElse(level);
            } else if (arg.equals("--verbose")) {
                verbose++;
            } else if (arg.equals("--quiet")) {
                quiet = true;
            } else if (arg.matches("-[vq]+")) {
                verbose += (int) arg.chars().filter(c -> c == 'v').count();
                quiet |= arg.indexOf('q') >= 0;
            } else if ((subcommand == null || subcommand.equals("help")) && SUBCOMMANDS.contains(arg)) {
                // `help compile` needs what `compile` needs: the jobs' options
                subcommand = arg;
            }
        }
        return new EarlyArguments(subcommand, pluginsDir, rejects, Optional.ofNullable(chosen(level, verbose, quiet)));
    }

    /**
     * The first word that stands where the subcommand should and names none ({@code starfish server
     * --help}), which Picocli would otherwise answer with the top-level help and exit 0.
     */
    static Optional<String> unknownCommand(String... args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--")) {
                return Optional.empty();
            } else if (arg.equals("--plugins-dir") || arg.equals("--reject-jobs") || arg.equals("--log-level")) {
                i++;
            } else if (!arg.startsWith("-")) {
                return SUBCOMMANDS.contains(arg) ? Optional.empty() : Optional.of(arg);
            }
        }
        return Optional.empty();
    }

    private static Verbosity chosen(Verbosity level, int verbose, boolean quiet) {
        if (level != null) {
            return level;
        }
        if (verbose >= 2) {
            return Verbosity.DEBUG;
        }
        if (verbose == 1) {
            return Verbosity.INFO;
        }
        return quiet ? Verbosity.ERROR : null;
    }

    /** The reject list's own reading ({@link PluginRejectList#parse}), so a name means the same everywhere. */
    private static List<String> split(String list) {
        return List.copyOf(PluginRejectList.parse(list).names());
    }

    /** Sets the console level property before Log4j starts. */
    void applyConsoleLevel() {
        consoleLevel.ifPresent(v -> System.setProperty(Verbosity.CONSOLE_LEVEL_PROPERTY, v.log4jLevel()));
    }
}

package dev.starfish.runtime.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The few arguments needed before the command line can be parsed: the plugins directory
 * and reject list (the compile command's options depend on which jobs load) and the
 * console level (logging starts while the plugins load). A cheap scan; Picocli still
 * parses and validates everything afterwards.
 */
record EarlyArguments(String subcommand, Path pluginsDir, List<String> rejectJobs, String consoleLevel) {

    static EarlyArguments scan(String... args) {
        String subcommand = null;
        Path pluginsDir = null;
        List<String> rejects = new ArrayList<>();
        String level = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value = i + 1 < args.length ? args[i + 1] : null;
            if (arg.startsWith("--plugins-dir=")) {
                pluginsDir = Path.of(arg.substring("--plugins-dir=".length()));
            } else if (arg.equals("--plugins-dir") && value != null) {
                pluginsDir = Path.of(value);
            } else if (arg.startsWith("--reject-jobs=")) {
                rejects.addAll(Arrays.asList(arg.substring("--reject-jobs=".length()).split(",")));
            } else if (arg.equals("--reject-jobs") && value != null) {
                rejects.addAll(Arrays.asList(value.split(",")));
            } else if (arg.equals("--verbose") && value != null && isLevel(value)) {
                level = value;
            } else if (arg.startsWith("--verbose=")) {
                level = arg.substring("--verbose=".length());
            } else if (subcommand == null && !arg.startsWith("-") && (arg.equals("compile") || arg.equals("jobs"))) {
                subcommand = arg;
            }
        }
        return new EarlyArguments(subcommand, pluginsDir, rejects, level);
    }

    private static boolean isLevel(String value) {
        return List.of("debug", "info", "warning", "error").contains(value.toLowerCase(java.util.Locale.ROOT));
    }

    /** Sets the console level property before Log4j starts. */
    void applyConsoleLevel() {
        if (consoleLevel != null && isLevel(consoleLevel)) {
            System.setProperty(Verbosity.CONSOLE_LEVEL_PROPERTY,
                    Verbosity.valueOf(consoleLevel.toUpperCase(java.util.Locale.ROOT)).log4jLevel());
        }
    }
}

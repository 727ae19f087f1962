package dev.starfish.runtime.cli;

import java.nio.file.Path;
import java.util.List;

/**
 * The global options every subcommand shares.
 *
 * @param pluginsDir the plugins directory, or {@code null} for the home's
 * @param rejectJobs jobs rejected on the command line
 */
record HostOptions(Path pluginsDir, List<String> rejectJobs) {
    HostOptions {
        rejectJobs = List.copyOf(rejectJobs);
    }
}

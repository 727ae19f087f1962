package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.invocation.Invocation;
import java.nio.file.Path;
import java.util.List;

/**
 * The global options every subcommand shares.
 *
 * @param pluginsDir the plugins directory, or {@code null} for the home's
 * @param rejectJobs jobs rejected on the command line
 */
record HostOptions(Invocation invocation, Path pluginsDir, List<String> rejectJobs) {
    HostOptions {
        rejectJobs = List.copyOf(rejectJobs);
    }

    /** The installation the driver runs from ({@code STARFISH_HOME}, else the launcher's). */
    StarfishHome home() {
        return StarfishHome.locate(invocation.environment());
    }

    /** Opens the host these options describe: the home's settings and the loaded plugins. */
    Host openHost() {
        return Host.open(home(), invocation.environment(), pluginsDir, rejectJobs);
    }

    /** The host of a command that lists every jar turned away itself, which the registry then does not warn about. */
    Host openHostForListing() {
        return Host.open(home(), invocation.environment(), pluginsDir, rejectJobs, true);
    }
}

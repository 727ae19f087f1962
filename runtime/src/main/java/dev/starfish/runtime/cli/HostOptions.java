package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.host.HostSource;
import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.invocation.Invocation;
import java.nio.file.Path;
import java.util.List;

/**
 * The global options every subcommand shares.
 *
 * @param hosts where the host comes from (fresh, or a server's warm one)
 * @param pluginsDir the plugins directory, or {@code null} for the home's
 * @param rejectJobs jobs rejected on the command line
 */
record HostOptions(Invocation invocation, HostSource hosts, Path pluginsDir, List<String> rejectJobs) {
    HostOptions {
        rejectJobs = List.copyOf(rejectJobs);
    }

    /** The installation the driver runs from ({@code STARFISH_HOME}, else the launcher's). */
    StarfishHome home() {
        return StarfishHome.locate(invocation.environment());
    }

    /** Opens the host these options describe: the home's settings and the loaded plugins. */
    Host openHost() {
        return open(false);
    }

    /**
     * The plugin path of this command without loading a plugin: for commands that read the jars
     * themselves ({@code plugins lock}, {@code plugins lint}). With {@code requireDirectories}, a
     * missing directory is an error as for every command that loads plugins.
     */
    PluginPath pluginPath(boolean requireDirectories) {
        StarfishHome home = home();
        StarfishProperties properties = StarfishProperties.load(home.confDir().resolve("starfish.properties"));
        UserPath dir = pluginsDir == null ? null : UserPath.of(invocation, pluginsDir);
        try {
            PluginPath path = PluginPath.resolve(home, properties, invocation.environment(),
                    dir == null ? null : dir.resolved());
            if (requireDirectories) {
                path.requireDirectories(home, properties.source());
            }
            return path;
        } catch (InvalidInputException e) {
            throw dir == null ? e : dir.shownIn(e);
        }
    }

    /** The host; a message about the plugins directory names it as typed. */
    static Host open(Invocation invocation, HostSource hosts, Path pluginsDir, List<String> rejectJobs, boolean listsTurnedAway) {
        StarfishHome home = StarfishHome.locate(invocation.environment());
        if (pluginsDir == null) {
            return hosts.open(home, invocation.environment(), null, rejectJobs, listsTurnedAway);
        }
        UserPath dir = UserPath.of(invocation, pluginsDir);
        try {
            return hosts.open(home, invocation.environment(), dir.resolved(), rejectJobs, listsTurnedAway);
        } catch (InvalidInputException e) {
            throw dir.shownIn(e);
        }
    }

    private Host open(boolean listsTurnedAway) {
        return open(invocation, hosts, pluginsDir, rejectJobs, listsTurnedAway);
    }

    /** The host of a command that lists every jar turned away itself, which the registry then does not warn about. */
    Host openHostForListing() {
        return open(true);
    }
}

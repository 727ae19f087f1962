package dev.starfish.runtime.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The user's base directory for Starfish's data, as the XDG base directory specification asks:
 * {@code $XDG_DATA_HOME/starfish}, else {@code $HOME/.local/share/starfish}, else none. A relative
 * {@code XDG_DATA_HOME} or {@code HOME} is ignored, as {@link UserCacheDirectory} ignores them.
 * Read from the request's environment, never the JVM's: a server serves commands of many shells.
 */
public final class UserDataDirectory {

    private UserDataDirectory() {
    }

    /** The base directory for the environment {@code env}; empty when neither variable is usable. */
    public static Optional<Path> of(Map<String, String> env) {
        Path xdg = UserCacheDirectory.absolute(env.get("XDG_DATA_HOME"));
        if (xdg != null) {
            return Optional.of(xdg.resolve("starfish"));
        }
        // no fallback to the JVM's user.home: a server's would stand for a request's that has no HOME
        return Optional.ofNullable(UserCacheDirectory.absolute(env.get("HOME")))
                .map(home -> home.resolve(".local/share/starfish"));
    }

    /** The user's own plugins directory, {@code <data>/plugins}, whether it exists or not. */
    public static Optional<Path> plugins(Map<String, String> env) {
        return of(env).map(dir -> dir.resolve("plugins"));
    }
}

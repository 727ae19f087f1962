package dev.starfish.runtime.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * The user's base directory for Starfish's caches, the one owner of that rule (the compile cache
 * adds {@code compile}, the native-library cache {@code native}): {@code $STARFISH_CACHE_DIR},
 * else {@code $XDG_CACHE_HOME/starfish}, else {@code $HOME/.cache/starfish}, as the XDG base
 * directory specification asks. A relative {@code XDG_CACHE_HOME} or {@code HOME} is ignored (the
 * specification says so for the first; a relative home would put a cache wherever the command
 * happens to run). Java's {@code user.home} comes from the password database, not from
 * {@code $HOME}, so it is only the last resort.
 */
public final class UserCacheDirectory {

    private UserCacheDirectory() {
    }

    /** The base directory for the environment {@code env}. */
    public static Path of(Map<String, String> env) {
        String explicit = env.get("STARFISH_CACHE_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit).toAbsolutePath();
        }
        Path xdg = absolute(env.get("XDG_CACHE_HOME"));
        if (xdg != null) {
            return xdg.resolve("starfish");
        }
        Path home = absolute(env.get("HOME"));
        if (home == null) {
            home = absolute(JvmEnvironment.userHome());
        }
        return (home == null ? Path.of("/nonexistent") : home).resolve(".cache/starfish");
    }

    /** {@code value} as a path when it is an absolute one, else {@code null} (unset, blank or relative). */
    static Path absolute(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        Path path = Path.of(value);
        return path.isAbsolute() ? path : null;
    }
}

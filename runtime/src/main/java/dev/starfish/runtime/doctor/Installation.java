package dev.starfish.runtime.doctor;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.nativelib.NativeSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What the doctor examines: the installation, the operator's settings and the loaded plugins
 * when they could be read (else why not), and the directory a compile would work in.
 *
 * @param home the installation
 * @param properties {@code conf/starfish.properties}, or empty when it cannot be read
 * @param host the host with its plugins, or empty when it could not be opened
 * @param hostProblem why the host could not be opened; empty when it was
 * @param workDir the directory compiles would write into (the current directory)
 * @param environment the command's, where the cache locations come from
 */
record Installation(StarfishHome home, Optional<StarfishProperties> properties, Optional<Host> host,
        Optional<String> hostProblem, Path workDir, Map<String, String> environment) {

    Installation {
        requireNonNull(home, "home is null");
        requireNonNull(properties, "properties is null");
        requireNonNull(host, "host is null");
        requireNonNull(hostProblem, "hostProblem is null");
        requireNonNull(workDir, "workDir is null");
        environment = Map.copyOf(environment);
    }

    /** The root of Starfish's caches ({@code $STARFISH_CACHE_DIR}, else {@code ~/.cache/starfish}). */
    Path cacheRoot() {
        return NativeSettings.defaultCacheRoot(environment).toAbsolutePath().getParent();
    }

    /** A path inside the installation relative to it, for short lines; any other path as is. */
    String show(Path path) {
        return path.startsWith(home.root()) ? home.root().relativize(path).toString() : path.toString();
    }
}

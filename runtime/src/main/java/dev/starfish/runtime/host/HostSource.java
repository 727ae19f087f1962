package dev.starfish.runtime.host;

import dev.starfish.runtime.config.StarfishHome;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where a command gets its {@link Host}: the one-shot driver opens a fresh one
 * ({@link #fresh()}); a resident server lends one it keeps warm across commands while the plugins
 * and settings it was loaded from stay the same. The command closes what it got either way.
 */
@FunctionalInterface
public interface HostSource {

    /** A host as {@link Host#open(StarfishHome, Map, Path, List, boolean)} opens it. */
    Host open(StarfishHome home, Map<String, String> env, Path pluginsDir, List<String> rejectedOnCommandLine,
            boolean listsTurnedAway);

    /** A new host for every command. */
    static HostSource fresh() {
        return Host::open;
    }
}

package dev.starfish.api;

import java.util.List;

/**
 * The version of this plugin API, semantic (major.minor.patch): a patch changes no signature; a
 * minor release only adds (a plugin built against 1.2 runs on every 1.x from 1.2); anything else
 * (a removed or changed method, class or annotation member) makes a new major version. Below 1.0
 * semver's caret takes every minor as breaking ({@code ^0.1.0} is {@code >=0.1.0 & <0.2.0}), so the
 * host also provides each earlier version it only adds to ({@link #providedVersions()}, checked by
 * the build against the oldest one's published jar) and a plugin that asks for {@code ^0.1.0} still
 * runs on 0.2. A plugin says which versions it works with in its manifest's {@value #REQUIRES}
 * (PF4J's field; a range such as {@code ^0.2.0} or {@code >=0.2.0 & <0.3.0}); the host refuses a
 * plugin whose range admits none of them, naming both, before it loads any of its classes. A
 * plugin that states no range is loaded and fails at run time if it needs what this API does not have.
 */
public final class PluginApi {

    /** The version of the plugin API this jar is. */
    public static final String VERSION = "0.2.0";

    /**
     * Every published version this API is a superset of, oldest first, ending with {@link #VERSION}:
     * it only adds to each (the build checks it against the oldest's published jar), so a plugin
     * whose range admits any of them runs here. 0.2.0 added {@link ArtifactSpec}.
     */
    public static List<String> providedVersions() {
        return List.of("0.1.0", VERSION);
    }

    /** The manifest attribute in which a plugin states the plugin API versions it works with. */
    public static final String REQUIRES = "Plugin-Requires";

    /**
     * The jar entry in which the plugin's build lists its job classes with their declarations
     * (JSON, written by {@code dev.starfish.api.processing.JobIndexProcessor}, which javac runs when
     * this API is on the compile class path): the host reads it instead of every job class file and
     * checks it against each class when it first loads it.
     */
    public static final String JOB_INDEX = "META-INF/starfish/jobs.json";

    private PluginApi() {
    }
}

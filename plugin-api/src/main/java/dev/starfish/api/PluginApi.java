package dev.starfish.api;

/**
 * The version of this plugin API, semantic (major.minor.patch): a patch changes no signature; a
 * minor release only adds (a plugin built against 0.1 runs on 0.1.x, one built against 1.2 runs on
 * every 1.x from 1.2); anything else (a removed or changed method, class or annotation member)
 * makes a new major version, and below 1.0 a new minor one. A plugin says which versions it works
 * with in its manifest's {@value #REQUIRES} (PF4J's field; a range such as {@code ^0.1.0} or
 * {@code >=0.1.0 & <0.2.0}); the host refuses a plugin whose range leaves out {@link #VERSION},
 * naming both, before it loads any of its classes. A plugin that states no range is loaded and
 * fails at run time if it needs what this API does not have.
 */
public final class PluginApi {

    /** The version of the plugin API this jar is. */
    public static final String VERSION = "0.1.0";

    /** The manifest attribute in which a plugin states the plugin API versions it works with. */
    public static final String REQUIRES = "Plugin-Requires";

    private PluginApi() {
    }
}

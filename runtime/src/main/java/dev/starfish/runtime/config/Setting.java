package dev.starfish.runtime.config;

import java.util.Optional;

/**
 * Every key of {@code conf/starfish.properties}, with its default and what it means: the one
 * owner of each default. The shipped file is checked against this table by a test; code reads a
 * setting through {@link StarfishProperties} with the constant, never with a literal default.
 * Per-job tool timeouts ({@code timeout.<Job>=SECONDS}) are the one family of keys not listed.
 */
public enum Setting {
    PIPELINE("pipeline", null, "the default job order of a compile (--pipeline replaces it for one compile)"),
    PLUGINS_PATH("plugins.path", null,
            "the plugin directories, comma-separated, read in order (relative ones against STARFISH_HOME; default: "
                    + "the installation's plugins/); the user's "
                    + "$XDG_DATA_HOME/starfish/plugins (else ~/.local/share/starfish/plugins) is added last when it "
                    + "exists; --plugins-dir replaces them all with one"),
    REJECTED_JOBS("rejected.jobs", "", "jobs never to load, comma-separated; --reject-jobs adds more"),
    MAX_CONCURRENT_SPAWNS("launcher.max.concurrent.spawns", "8", "at most this many tools run at once in one driver"),
    KILL_GRACE_MILLIS("launcher.kill.grace.millis", "2000",
            "grace between SIGTERM and SIGKILL when a tool times out or the compile is stopped"),
    TOOL_TIMEOUT_SECONDS("launcher.timeout.seconds", "3600",
            "wall-clock limit of each tool run in seconds (0 = none); timeout.<Job>= overrides it per job"),
    SPAWN_SERVER("launcher.spawn.server", "true",
            "start tools through one long-lived starfish-exec --server per driver (false: one starfish-exec per tool)"),
    SANDBOX("launcher.sandbox", "auto",
            "run each tool step in a bubblewrap sandbox: auto (where the host can, else one warning per command), "
                    + "required (refuse to compile where it cannot), off"),
    SANDBOX_WRITABLE("launcher.sandbox.writable", null,
            "absolute directories, comma-separated, every sandboxed tool step may also write (not in the compile cache's key)"),
    NATIVE_DEEPBIND("nativelib.deepbind", "true", "open each job's JNI library with RTLD_DEEPBIND before binding it"),
    NATIVE_CACHE_DIR("nativelib.cache.dir", null,
            "where plugins' native libraries are extracted (default: $STARFISH_CACHE_DIR/native, else $XDG_CACHE_HOME/starfish/native, else ~/.cache/starfish/native)"),
    CACHE_DIR("cache.dir", null,
            "the compile cache (default: $STARFISH_CACHE_DIR/compile, else $XDG_CACHE_HOME/starfish/compile, else ~/.cache/starfish/compile); --cache-dir replaces it"),
    CACHE_MAX_BYTES("cache.max.bytes", "10737418240",
            "size cap of the compile cache's entries in bytes (0 = none); least recently used entries are evicted past it"),
    CACHE_LOCK_STALE_SECONDS("cache.lock.stale.seconds", "120",
            "a compile cache lock of another host whose heartbeat has not moved for this long is broken"),
    CACHE_LOCK_WAIT_SECONDS("cache.lock.wait.seconds", "600",
            "a compile waits at most this long for another compile's cache lock, then compiles without it (0 = no wait)"),
    MODEL_MAX_BYTES("model.max.bytes", "268435456",
            "a model larger than this many bytes is refused before it is read (0 = no limit); default 256 MiB"),
    SERVER_IDLE_MINUTES("server.idle.minutes", "15",
            "the resident server exits after this many minutes without a request (fractions allowed)");

    private final String key;
    private final String defaultValue;
    private final String description;

    Setting(String key, String defaultValue, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    public String key() {
        return key;
    }

    /** The default, or empty when the setting has none (it is required, or computed at run time). */
    public Optional<String> defaultValue() {
        return Optional.ofNullable(defaultValue);
    }

    public String description() {
        return description;
    }

    /** The setting of this key, if it is one. */
    public static Optional<Setting> ofKey(String key) {
        for (Setting setting : values()) {
            if (setting.key.equals(key)) {
                return Optional.of(setting);
            }
        }
        return Optional.empty();
    }
}

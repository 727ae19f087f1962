package dev.starfish.runtime.launch;

import dev.starfish.runtime.config.JvmEnvironment;
import java.util.Map;

/**
 * The environment tools start with, before a command's own removals and overrides: the caller's
 * (the one-shot process's, or a server request's client's), as {@link ProcessBuilder} would pass
 * the JVM's. Its spawn-server encoding is made once: most commands change nothing in it.
 */
public final class ToolEnvironment {

    private final Map<String, String> variables;
    private volatile byte[] fields;

    private ToolEnvironment(Map<String, String> variables) {
        this.variables = Map.copyOf(variables);
    }

    /** The environment {@code variables}, e.g. an invocation's. */
    public static ToolEnvironment of(Map<String, String> variables) {
        return new ToolEnvironment(variables);
    }

    /** The JVM's own environment, for a launcher made without a command (tests, tools of the build). */
    public static ToolEnvironment ofJvm() {
        return new ToolEnvironment(JvmEnvironment.variables());
    }

    public Map<String, String> variables() {
        return variables;
    }

    /** The count and {@code NAME=value} fields of a spawn request ({@link SpawnRequest}). */
    byte[] fields() {
        byte[] made = fields;
        if (made == null) {
            made = SpawnRequest.fields(variables);
            fields = made;
        }
        return made;
    }
}

package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What a plugin jar's descriptor says about it.
 *
 * @param id the {@code Plugin-Id}
 * @param version the {@code Plugin-Version}
 * @param jar the jar file, absolute
 */
public record PluginInfo(String id, String version, Path jar) {

    /** What a {@code Plugin-Id} may look like: it names the plugin's native cache directory, so no {@code /} and no leading dot. */
    public static final Pattern ID_PATTERN = Pattern.compile("[a-z0-9][a-z0-9._-]*");

    public PluginInfo {
        requireNonNull(id, "id is null");
        requireNonNull(version, "version is null");
        requireNonNull(jar, "jar is null");
    }

    /** Whether the id may name a directory: matches {@link #ID_PATTERN}. */
    public boolean hasValidId() {
        return ID_PATTERN.matcher(id).matches();
    }

    public String jarName() {
        return jar.getFileName().toString();
    }
}

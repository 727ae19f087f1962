package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * What a plugin jar's descriptor says about it.
 *
 * @param id the {@code Plugin-Id}
 * @param version the {@code Plugin-Version}
 * @param jar the jar file, absolute
 */
public record PluginInfo(String id, String version, Path jar) {
    public PluginInfo {
        requireNonNull(id, "id is null");
        requireNonNull(version, "version is null");
        requireNonNull(jar, "jar is null");
    }

    public String jarName() {
        return jar.getFileName().toString();
    }
}

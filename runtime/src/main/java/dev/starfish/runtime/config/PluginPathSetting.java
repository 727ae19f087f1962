package dev.starfish.runtime.config;

import dev.starfish.api.InvalidInputException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code plugins.path}: directories separated by commas (as Kafka Connect's
 * {@code plugin.path} and Starfish's other lists), blanks around them ignored, as are empty
 * entries (a trailing comma); a relative entry resolves against the installation, never the
 * working directory, so a batch task on another node reads the same path. Unset or blank, it is
 * the installation's {@code plugins/}. No {@code ~} or {@code $VAR} is expanded: an entry that
 * starts with {@code ~} is refused rather than read as a directory named {@code ~}.
 */
final class PluginPathSetting {

    private PluginPathSetting() {
    }

    static List<PluginPath.Directory> directories(StarfishHome home, StarfishProperties properties) {
        String key = Setting.PLUGINS_PATH.key();
        String configured = properties.string(key, null);
        if (configured == null) {
            return List.of(new PluginPath.Directory(home.pluginsDir(), PluginPath.Origin.INSTALLATION));
        }
        List<PluginPath.Directory> directories = new ArrayList<>();
        for (String entry : configured.split(",", -1)) {
            String trimmed = entry.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (trimmed.startsWith("~")) {
                throw bad(properties, configured, home, "'" + trimmed + "' starts with ~, which is not expanded: "
                        + "write the directory's absolute path");
            }
            Path dir;
            try {
                dir = home.root().resolve(trimmed).normalize();
            } catch (InvalidPathException e) {
                throw bad(properties, configured, home, "'" + trimmed + "' is not a path (" + e.getReason() + ")");
            }
            if (directories.stream().anyMatch(d -> d.path().equals(dir))) {
                throw bad(properties, configured, home, "it lists " + dir + " twice");
            }
            directories.add(new PluginPath.Directory(dir, PluginPath.Origin.CONF));
        }
        if (directories.isEmpty()) {
            throw bad(properties, configured, home, "it names no directory");
        }
        return directories;
    }

    private static InvalidInputException bad(StarfishProperties properties, String value, StarfishHome home,
            String why) {
        return new InvalidInputException(properties.source() + ": " + Setting.PLUGINS_PATH.key() + " expects "
                + "directories separated by commas (absolute, or relative to " + home.root() + "), found '" + value
                + "': " + why);
    }
}

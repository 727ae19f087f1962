package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * A tool found by {@link ToolResolver}.
 *
 * @param path the absolute path of the executable
 * @param origin the search directory (or absolute path) it came from
 */
public record ResolvedTool(Path path, ToolOrigin origin) {

    public ResolvedTool {
        requireNonNull(path, "path is null");
        requireNonNull(origin, "origin is null");
    }
}

package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * One input of a job: a subgraph directory such as {@code <workdir>/sg00}.
 *
 * @param name the subgraph's name, e.g. {@code sg00}
 * @param dir its directory, absolute
 */
public record Subgraph(String name, Path dir) {
    public Subgraph {
        requireNonNull(name, "name is null");
        requireNonNull(dir, "dir is null");
        if (!dir.isAbsolute()) {
            throw new IllegalArgumentException("subgraph directory must be absolute, found " + dir);
        }
    }

    /** A file inside the subgraph's directory. */
    public Path file(String fileName) {
        return dir.resolve(fileName);
    }
}

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

    /** The name of the input of a once-per-compile step: the work directory as a whole. */
    public static final String WHOLE_COMPILE = "*";

    public Subgraph {
        requireNonNull(name, "name is null");
        requireNonNull(dir, "dir is null");
        if (!dir.isAbsolute()) {
            throw new IllegalArgumentException("subgraph directory must be absolute, found " + dir);
        }
    }

    /** Whether this is the whole compile rather than one subgraph. */
    public boolean isWholeCompile() {
        return WHOLE_COMPILE.equals(name);
    }

    /**
     * The one file of a standard per-subgraph artifact in this subgraph, e.g. {@code sg00/model.bir}
     * for {@link Artifacts#BIR}; for a plugin's own artifact use {@link JobState#artifactIn}.
     */
    public Path artifact(String artifact) {
        return dir.resolve(Artifacts.fileName(artifact));
    }

    /** A file inside the subgraph's directory. */
    public Path file(String fileName) {
        return dir.resolve(fileName);
    }
}

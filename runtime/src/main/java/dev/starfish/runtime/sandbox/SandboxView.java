package dev.starfish.runtime.sandbox;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What one tool step is shown besides the system's programs and libraries: its own directory,
 * the only writable place (with a private {@code /tmp}), and its declared inputs, read-only.
 *
 * @param stepDir the step's directory: its subgraph directory, or the work directory of a
 *        once-per-compile job; absolute
 * @param readOnly what the step may read: the installation, the tool's directory, the compile's
 *        work directory (the model snapshot and earlier jobs' artifacts); absolute
 * @param alsoWritable directories the operator lets every step write ({@code launcher.sandbox.writable}); absolute
 * @param partialDir a directory enclosing the step's (the compile's work directory) of which the
 *        step sees only what {@code readOnly} names below it and its own directory: shown as a
 *        read-only directory holding just those, so a write beside the step fails rather than
 *        vanishing; empty when the directory around the step is shown whole (through {@code readOnly})
 */
public record SandboxView(Path stepDir, List<Path> readOnly, List<Path> alsoWritable, Optional<Path> partialDir) {

    public SandboxView {
        requireNonNull(stepDir, "stepDir is null");
        readOnly = List.copyOf(requireNonNull(readOnly, "readOnly is null"));
        alsoWritable = List.copyOf(requireNonNull(alsoWritable, "alsoWritable is null"));
        requireNonNull(partialDir, "partialDir is null");
        if (!stepDir.isAbsolute() || readOnly.stream().anyMatch(p -> !p.isAbsolute())
                || alsoWritable.stream().anyMatch(p -> !p.isAbsolute())) {
            throw new IllegalArgumentException("a sandbox view holds absolute paths, found " + stepDir + ", " + readOnly
                    + " and " + alsoWritable);
        }
        if (partialDir.filter(dir -> !dir.isAbsolute() || dir.equals(stepDir) || !stepDir.startsWith(dir)).isPresent()) {
            throw new IllegalArgumentException("a partly shown directory encloses the step directory " + stepDir
                    + ", found " + partialDir.get());
        }
    }

    /** A view with nothing writable besides the step's directory, and the directory around it shown whole or not at all. */
    public SandboxView(Path stepDir, List<Path> readOnly) {
        this(stepDir, readOnly, List.of(), Optional.empty());
    }

    public SandboxView(Path stepDir, List<Path> readOnly, List<Path> alsoWritable) {
        this(stepDir, readOnly, alsoWritable, Optional.empty());
    }
}

package dev.starfish.runtime.sandbox;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;

/**
 * What one tool step is shown besides the system's programs and libraries: its own directory,
 * the only writable place (with a private {@code /tmp}), and its declared inputs, read-only.
 *
 * @param stepDir the step's directory: its subgraph directory, or the work directory of a
 *        once-per-compile job; absolute
 * @param readOnly what the step may read: the installation, the tool's directory, the compile's
 *        work directory (the model snapshot and earlier jobs' artifacts); absolute
 * @param alsoWritable directories the operator lets every step write ({@code launcher.sandbox.writable}); absolute
 */
public record SandboxView(Path stepDir, List<Path> readOnly, List<Path> alsoWritable) {

    public SandboxView {
        requireNonNull(stepDir, "stepDir is null");
        readOnly = List.copyOf(requireNonNull(readOnly, "readOnly is null"));
        alsoWritable = List.copyOf(requireNonNull(alsoWritable, "alsoWritable is null"));
        if (!stepDir.isAbsolute() || readOnly.stream().anyMatch(p -> !p.isAbsolute())
                || alsoWritable.stream().anyMatch(p -> !p.isAbsolute())) {
            throw new IllegalArgumentException("a sandbox view holds absolute paths, found " + stepDir + ", " + readOnly
                    + " and " + alsoWritable);
        }
    }

    /** A view with nothing writable besides the step's directory. */
    public SandboxView(Path stepDir, List<Path> readOnly) {
        this(stepDir, readOnly, List.of());
    }
}

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
 */
public record SandboxView(Path stepDir, List<Path> readOnly) {

    public SandboxView {
        requireNonNull(stepDir, "stepDir is null");
        readOnly = List.copyOf(requireNonNull(readOnly, "readOnly is null"));
        if (!stepDir.isAbsolute() || readOnly.stream().anyMatch(p -> !p.isAbsolute())) {
            throw new IllegalArgumentException("a sandbox view holds absolute paths, found " + stepDir + " and "
                    + readOnly);
        }
    }
}

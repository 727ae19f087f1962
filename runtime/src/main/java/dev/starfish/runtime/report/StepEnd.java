package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A step ended.
 *
 * @param start its start
 * @param nanos when, by {@link System#nanoTime()}
 * @param tool how its tool ended and what it used, for a native step that started its tool
 * @param failure the message it failed with, empty when it succeeded
 * @param outputs the files its declared artifacts are written to
 * @param interrupted whether it ended because the compile was interrupted
 */
public record StepEnd(StepStart start, long nanos, Optional<ToolUsage> tool, Optional<String> failure,
        List<Path> outputs, boolean interrupted) {

    public StepEnd {
        requireNonNull(start, "start is null");
        requireNonNull(tool, "tool is null");
        requireNonNull(failure, "failure is null");
        outputs = List.copyOf(outputs);
    }

    /** A step that ended by itself. */
    public StepEnd(StepStart start, long nanos, Optional<ToolUsage> tool, Optional<String> failure, List<Path> outputs) {
        this(start, nanos, tool, failure, outputs, false);
    }

    public Outcome outcome() {
        return Outcome.of(failure, interrupted);
    }

    public long wallNanos() {
        return nanos - start.nanos();
    }
}

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
 */
public record StepEnd(StepStart start, long nanos, Optional<ToolUsage> tool, Optional<String> failure,
        List<Path> outputs) {

    public StepEnd {
        requireNonNull(start, "start is null");
        requireNonNull(tool, "tool is null");
        requireNonNull(failure, "failure is null");
        outputs = List.copyOf(outputs);
    }

    public long wallNanos() {
        return nanos - start.nanos();
    }
}

package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A job ended.
 *
 * @param start its start
 * @param nanos when, by {@link System#nanoTime()}
 * @param failure the one-line message it failed with, empty when it succeeded
 * @param interrupted whether it ended because the compile was interrupted
 */
public record JobEnd(JobStart start, long nanos, Optional<String> failure, boolean interrupted) {

    public JobEnd {
        requireNonNull(start, "start is null");
        requireNonNull(failure, "failure is null");
    }

    /** A job that ended by itself. */
    public JobEnd(JobStart start, long nanos, Optional<String> failure) {
        this(start, nanos, failure, false);
    }

    public Outcome outcome() {
        return Outcome.of(failure, interrupted);
    }

    public long wallNanos() {
        return nanos - start.nanos();
    }
}

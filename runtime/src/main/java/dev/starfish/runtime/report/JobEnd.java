package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A job ended.
 *
 * @param start its start
 * @param nanos when, by {@link System#nanoTime()}
 * @param failure the one-line message it failed with, empty when it succeeded
 */
public record JobEnd(JobStart start, long nanos, Optional<String> failure) {

    public JobEnd {
        requireNonNull(start, "start is null");
        requireNonNull(failure, "failure is null");
    }

    public long wallNanos() {
        return nanos - start.nanos();
    }
}

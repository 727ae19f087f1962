package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

/**
 * A job of the plan started.
 *
 * @param job its name
 * @param index its place in the plan, from 1
 * @param worker the thread it runs on
 * @param nanos when, by {@link System#nanoTime()}
 */
public record JobStart(String job, int index, Worker worker, long nanos) {

    public JobStart {
        requireNonNull(job, "job is null");
        requireNonNull(worker, "worker is null");
    }
}

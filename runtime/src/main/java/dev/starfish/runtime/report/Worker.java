package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

/**
 * The thread a job or step ran on: its id (unique while the JVM runs) and its name without the
 * {@code [job X]} tag the driver adds while a job runs on it.
 *
 * @param threadId {@link Thread#getId()}
 * @param name e.g. {@code main} or {@code starfish-subgraph-2}
 */
public record Worker(long threadId, String name) {

    private static final String JOB_TAG = " [job ";

    public Worker {
        requireNonNull(name, "name is null");
    }

    /** The calling thread. */
    @SuppressWarnings("deprecation") // Thread.threadId() is Java 19+
    public static Worker current() {
        Thread thread = Thread.currentThread();
        String name = thread.getName();
        int tag = name.indexOf(JOB_TAG);
        return new Worker(thread.getId(), tag < 0 ? name : name.substring(0, tag));
    }
}

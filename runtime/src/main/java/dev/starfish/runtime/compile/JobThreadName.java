package dev.starfish.runtime.compile;

/**
 * Adds {@code [job X]} to the current thread's name while a job runs on it. The name is what
 * the JVM's crash report shows as the crashing thread, so {@code bin/starfish} can name the job
 * when native code of a plugin takes the driver down; it also shows in thread dumps.
 */
final class JobThreadName implements AutoCloseable {

    private final Thread thread;
    private final String previous;

    private JobThreadName(Thread thread, String previous) {
        this.thread = thread;
        this.previous = previous;
    }

    static JobThreadName enter(String job) {
        Thread thread = Thread.currentThread();
        String previous = thread.getName();
        String tag = " [job " + job + "]";
        if (!previous.endsWith(tag)) {
            thread.setName(previous + tag);
        }
        return new JobThreadName(thread, previous);
    }

    @Override
    public void close() {
        thread.setName(previous);
    }
}

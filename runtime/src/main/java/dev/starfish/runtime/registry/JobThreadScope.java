package dev.starfish.runtime.registry;

import org.apache.logging.log4j.ThreadContext;

/**
 * While open, the current thread runs a job: its context class loader is the job's
 * plugin loader and the log's thread context names the job. Closing restores both.
 */
public final class JobThreadScope implements AutoCloseable {

    private final Thread thread;
    private final ClassLoader previousLoader;
    private final String previousJob;

    private JobThreadScope(RegisteredJob job) {
        this.thread = Thread.currentThread();
        this.previousLoader = thread.getContextClassLoader();
        this.previousJob = ThreadContext.get("job");
        thread.setContextClassLoader(job.plugin().loader());
        ThreadContext.put("job", job.name());
    }

    public static JobThreadScope enter(RegisteredJob job) {
        return new JobThreadScope(job);
    }

    @Override
    public void close() {
        thread.setContextClassLoader(previousLoader);
        if (previousJob == null) {
            ThreadContext.remove("job");
        } else {
            ThreadContext.put("job", previousJob);
        }
    }
}

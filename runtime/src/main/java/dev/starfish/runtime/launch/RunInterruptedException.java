package dev.starfish.runtime.launch;

import dev.starfish.api.JobException;

/**
 * A tool's run was cut short because the compile is stopping: its thread was interrupted, or
 * {@link ProcessLauncher#stopAll} was called (e.g. from the shutdown hook of a SIGINT or SIGTERM).
 * The tool's process group is gone by the time this is thrown. The message names the job, the
 * tool and the reason, e.g. {@code Job "MyJob" was interrupted: the compile received
 * SIGTERM; the process group of walrus_driver was killed (killed by signal 15 (SIGTERM))}.
 */
public final class RunInterruptedException extends JobException {
    private static final long serialVersionUID = 1L;

    private final String job;

    RunInterruptedException(String job, String message) {
        super(message);
        this.job = job;
    }

    /** The job whose run was cut short. */
    public String job() {
        return job;
    }

    static RunInterruptedException killed(String job, String reason, String tool, String status) {
        return new RunInterruptedException(job, "Job \"" + job + "\" was interrupted" + reason + "; the process group of "
                + tool + " was killed (" + status + ")");
    }

    static RunInterruptedException notStarted(String job, String reason, String tool) {
        return new RunInterruptedException(job, "Job \"" + job + "\" was interrupted" + reason + "; its tool " + tool
                + " was not started");
    }
}

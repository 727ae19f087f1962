package dev.starfish.api;

import org.pf4j.ExtensionPoint;

/**
 * One step of a compile. A plugin contributes a job by annotating an implementation
 * with PF4J's {@code @Extension}; the host loads it in the plugin's own class loader.
 *
 * <p>A job declares what it is — kind, tool, options, the {@link Artifacts} it consumes and
 * produces, whether it runs per subgraph or on request — with {@link JobSpec} and
 * {@link JobOptionSpec} on its class; the host reads them from the class file without
 * initialising the class, checks a pipeline and plans it from them, and creates a job only
 * when a compile runs it.
 *
 * <p>The host runs the plan: an in-process job ({@link InProcessJob}) through {@link #run},
 * once per compile; a native job ({@link NativeJob}) one step (one command) at a time. A job
 * never asks whether it is a dry run: {@code -###} prints the plan and runs no job.
 */
public interface Job extends ExtensionPoint {

    /** The job's name as used in pipelines and on the command line, e.g. {@code WalrusDriver}. */
    default String name() {
        return getClass().getSimpleName();
    }

    /**
     * Runs the job on the compile's state.
     *
     * @throws JobException when the job fails; the compile stops and exits 1
     * @throws InvalidInputException when the input or a requested tool is invalid; exit 2
     */
    void run(JobState state, JobContext context);
}

package dev.starfish.api;

import org.pf4j.ExtensionPoint;

/**
 * One step of a compile. A plugin contributes a job by annotating an implementation
 * with PF4J's {@code @Extension}; the host loads it in the plugin's own class loader.
 *
 * <p>The host calls {@link #run} once per compile; the usual implementations extend
 * {@link AbstractJob}, whose {@code run → runOnState → runSingleInput} chain runs the
 * job once per input subgraph, as the seed's {@code Job.run} does.
 *
 * <p>A job declares what it is — kind, tool, options — with {@link JobSpec} and
 * {@link JobOptionSpec} on its class; the host reads them from the class file without
 * initialising the class, and creates a job only when a compile runs it.
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

package dev.starfish.api;

import java.util.List;
import java.util.Optional;
import org.pf4j.ExtensionPoint;

/**
 * One step of a compile. A plugin contributes a job by annotating an implementation
 * with PF4J's {@code @Extension}; the host loads it in the plugin's own class loader.
 *
 * <p>The host calls {@link #run} once per compile; the usual implementations extend
 * {@link AbstractJob}, whose {@code run → runOnState → runSingleInput} chain runs the
 * job once per input subgraph, as the seed's {@code Job.run} does.
 *
 * <p>Constructors must be cheap and side-effect free: the host creates a job only when a
 * compile uses it, and may create one just to read its declarations.
 */
public interface Job extends ExtensionPoint {

    /** The job's name as used in pipelines and on the command line, e.g. {@code WalrusDriver}. */
    default String name() {
        return getClass().getSimpleName();
    }

    /** Whether the job spawns a native tool or works in-process. */
    JobKind kind();

    /** The bare name of the tool a native job spawns (e.g. {@code walrus_driver}); empty for in-process jobs. */
    default Optional<String> toolName() {
        return Optional.empty();
    }

    /** The command-line options this job adds to {@code starfish compile} (the seed's {@code RegisterArgs}). */
    default List<JobOption> options() {
        return List.of();
    }

    /**
     * Runs the job on the compile's state.
     *
     * @throws JobException when the job fails; the compile stops and exits 1
     * @throws InvalidInputException when the input or a requested tool is invalid; exit 2
     */
    void run(JobState state, JobContext context);
}

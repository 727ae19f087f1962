package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobOptions;
import dev.starfish.runtime.compile.CompileRequest;
import dev.starfish.runtime.compile.InputLimits;
import dev.starfish.runtime.invocation.Umask;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every compile of a batch shares: the jobs, their options and the subgraph parallelism
 * of {@code compile}, and how many models run at once.
 *
 * @param pipeline the job names, in order
 * @param jobOptions each job's option values
 * @param subgraphParallelism {@code -j}: subgraphs of one model at once
 * @param modelParallelism {@code --parallel}: models at once
 * @param launchDir where the driver was started
 * @param driverVersion the driver's version
 * @param limits the input sizes each compile accepts
 */
public record BatchSettings(List<String> pipeline, Map<String, JobOptions> jobOptions, int subgraphParallelism,
        int modelParallelism, Path launchDir, String driverVersion, InputLimits limits, Umask umask) {

    public BatchSettings {
        pipeline = List.copyOf(pipeline);
        jobOptions = Map.copyOf(jobOptions);
        requireNonNull(launchDir, "launchDir is null");
        requireNonNull(driverVersion, "driverVersion is null");
        requireNonNull(limits, "limits is null");
        requireNonNull(umask, "umask is null");
        if (subgraphParallelism < 1 || modelParallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1");
        }
    }

    /** The compile of one model: its own paths, no {@code log-starfish.txt} link (many compiles share the launch directory). */
    public CompileRequest requestFor(BatchItem item) {
        return new CompileRequest(item.model(), item.output(), item.workDir(), item.logFile(), Optional.empty(),
                launchDir, pipeline, subgraphParallelism, false, jobOptions, driverVersion, limits, umask);
    }
}

package dev.starfish.runtime.compile;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a finished compile produced.
 *
 * @param output the {@code .neff}, when the pipeline wrote one
 * @param subgraphs how many subgraphs the model was split into
 * @param jobs each job's wall time, in pipeline order
 * @param wallMillis the compile's wall time
 */
public record CompileResult(Optional<Path> output, int subgraphs, List<JobTiming> jobs, long wallMillis) {

    public CompileResult {
        jobs = List.copyOf(jobs);
    }

    /** One job's wall time. */
    public record JobTiming(String job, long millis) {
    }
}

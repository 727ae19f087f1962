package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobOptions;
import dev.starfish.runtime.invocation.Umask;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one {@code starfish compile} was asked to do; paths are absolute, resolved
 * against the launch directory.
 *
 * @param model the HLO model
 * @param output the {@code .neff} to write
 * @param workDir the work directory (holds {@code sgNN/})
 * @param logFile this compile's log file
 * @param latestLogLink a symbolic link to point at {@code logFile} (the launch directory's {@code log-starfish.txt}), if any
 * @param launchDir where the user started the driver
 * @param pipeline the job names to run, in order
 * @param parallelism how many subgraphs a job may process at once
 * @param dryRun print the plan instead of running it ({@code -###})
 * @param jobOptions each job's option values, by job name
 * @param starfishVersion the driver's version, for the compile record
 * @param limits the input sizes the compile accepts ({@code model.max.bytes})
 */
public record CompileRequest(Path model, Path output, Path workDir, Path logFile, Optional<Path> latestLogLink, Path launchDir, List<String> pipeline,
        int parallelism, boolean dryRun, Map<String, JobOptions> jobOptions, String starfishVersion,
        InputLimits limits, Umask umask) {

    public CompileRequest {
        requireNonNull(model, "model is null");
        requireNonNull(output, "output is null");
        requireNonNull(workDir, "workDir is null");
        requireNonNull(logFile, "logFile is null");
        requireNonNull(latestLogLink, "latestLogLink is null");
        requireNonNull(launchDir, "launchDir is null");
        pipeline = List.copyOf(pipeline);
        jobOptions = Map.copyOf(jobOptions);
        requireNonNull(starfishVersion, "starfishVersion is null");
        requireNonNull(limits, "limits is null");
        requireNonNull(umask, "umask is null");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, found " + parallelism);
        }
    }

    public JobOptions optionsOf(String job) {
        return jobOptions.getOrDefault(job, JobOptions.empty());
    }
}

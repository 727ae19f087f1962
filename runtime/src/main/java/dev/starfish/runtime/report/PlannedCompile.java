package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A compile's plan as the report shows it.
 *
 * @param model the model, absolute
 * @param output the {@code .neff} the compile writes
 * @param workDir the work directory
 * @param parallelism {@code -j}
 * @param jobs the jobs in the order they run
 */
public record PlannedCompile(Path model, Path output, Path workDir, int parallelism, List<PlannedJob> jobs) {

    public PlannedCompile {
        requireNonNull(model, "model is null");
        requireNonNull(output, "output is null");
        requireNonNull(workDir, "workDir is null");
        jobs = List.copyOf(jobs);
    }

    /**
     * One job of the plan.
     *
     * @param name the job's name
     * @param kind {@code native} or {@code in-process}
     * @param tool the bare tool name of a native job
     * @param perSubgraph whether it has one step per subgraph
     * @param consumes the artifacts it reads
     * @param produces the artifacts it writes
     * @param template its steps as {@code -###} prints them (per-subgraph steps for {@code sgNN})
     */
    public record PlannedJob(String name, String kind, Optional<String> tool, boolean perSubgraph, List<String> consumes,
            List<String> produces, List<String> template) {

        public PlannedJob {
            requireNonNull(name, "name is null");
            requireNonNull(kind, "kind is null");
            requireNonNull(tool, "tool is null");
            consumes = List.copyOf(consumes);
            produces = List.copyOf(produces);
            template = List.copyOf(template);
        }
    }
}

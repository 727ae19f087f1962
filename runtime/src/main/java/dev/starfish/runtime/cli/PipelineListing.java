package dev.starfish.runtime.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.starfish.api.JobDeclaration;
import dev.starfish.runtime.plan.ConfiguredPipeline;
import dev.starfish.runtime.registry.RegisteredJob;
import java.util.List;
import java.util.Optional;

/**
 * One row of {@code starfish pipeline}; its components are the JSON keys, every key in every row.
 *
 * @param position the job's place in the configured pipeline, from 1; {@code null} for an installed job it does not name
 * @param job the job's name
 * @param runs {@code always}, {@code on request}, {@code rejected}, {@code not available} or {@code not in pipeline}
 * @param enabledBy the option that requests a job that runs only on request, else {@code null}
 * @param kind {@code native} or {@code in-process}; {@code null} when no installed job has the name
 * @param perSubgraph whether the job runs once per subgraph; {@code null} when no installed job has the name
 * @param consumes the artifacts it reads (empty when no installed job has the name)
 * @param produces the artifacts it writes (empty when no installed job has the name)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
record PipelineListing(Integer position, String job, String runs, String enabledBy, String kind, Boolean perSubgraph,
        List<String> consumes, List<String> produces) {

    static final String NOT_IN_PIPELINE = "not in pipeline";

    static PipelineListing of(ConfiguredPipeline.Stage stage) {
        return of(stage.position(), stage.name(), stage.runs().label(), stage.job());
    }

    static PipelineListing notInPipeline(RegisteredJob job) {
        return of(null, job.name(), NOT_IN_PIPELINE, Optional.of(job));
    }

    private static PipelineListing of(Integer position, String name, String runs, Optional<RegisteredJob> job) {
        Optional<JobDeclaration> declaration = job.map(RegisteredJob::declaration);
        return new PipelineListing(position, name, runs, declaration.flatMap(JobDeclaration::enabledBy).orElse(null),
                declaration.map(d -> d.kind().label()).orElse(null),
                declaration.map(JobDeclaration::perSubgraph).orElse(null),
                declaration.map(JobDeclaration::consumes).orElse(List.of()),
                declaration.map(JobDeclaration::produces).orElse(List.of()));
    }

    /** The RUNS cell: when it runs, with the option of a job that runs on request. */
    String runsCell() {
        return enabledBy == null ? runs : runs + " (" + enabledBy + ")";
    }
}

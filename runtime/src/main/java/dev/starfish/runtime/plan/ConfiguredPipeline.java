package dev.starfish.runtime.plan;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.RegisteredJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The configured pipeline ({@code pipeline=} of {@code conf/starfish.properties}) as it stands
 * with the installed plugins: each configured name at its position, with the job that answers to
 * it and whether a compile runs it. Read from declarations only; no plugin code runs.
 *
 * @param stages the configured jobs, in order
 */
public record ConfiguredPipeline(List<Stage> stages) {

    /** Whether, and when, a compile runs a configured job. */
    public enum Runs {
        ALWAYS("always"), ON_REQUEST("on request"), REJECTED("rejected"), UNAVAILABLE("not available");

        private final String label;

        Runs(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One configured job.
     *
     * @param position its place in the pipeline, from 1
     * @param name the configured name
     * @param job the installed job of that name; empty when it is rejected or no loaded plugin declares it
     * @param runs when a compile runs it
     */
    public record Stage(int position, String name, Optional<RegisteredJob> job, Runs runs) {
        public Stage {
            requireNonNull(name, "name is null");
            requireNonNull(job, "job is null");
            requireNonNull(runs, "runs is null");
        }

        /** The option that requests a job that runs only on request. */
        public Optional<String> enabledBy() {
            return job.flatMap(j -> j.declaration().enabledBy());
        }
    }

    public ConfiguredPipeline {
        stages = List.copyOf(stages);
    }

    public static ConfiguredPipeline of(List<String> configured, JobRegistry registry) {
        List<Stage> stages = new ArrayList<>();
        for (int i = 0; i < configured.size(); i++) {
            String name = configured.get(i);
            Optional<RegisteredJob> job = !registry.rejectList().rejects(name) && registry.contains(name)
                    ? Optional.of(registry.registered(name)) : Optional.empty();
            Runs runs = registry.rejectList().rejects(name) ? Runs.REJECTED
                    : job.isEmpty() ? Runs.UNAVAILABLE
                    : job.get().declaration().enabledBy().isPresent() ? Runs.ON_REQUEST : Runs.ALWAYS;
            stages.add(new Stage(i + 1, name, job, runs));
        }
        return new ConfiguredPipeline(stages);
    }

    /** The position of {@code job} in the pipeline (its first, when named twice), or empty when it is not in it. */
    public OptionalInt positionOf(String job) {
        return stages.stream().filter(s -> s.name().equals(job)).mapToInt(Stage::position).findFirst();
    }

    /** The installed jobs the pipeline does not name, in the registry's order: no compile runs them unless given in --pipeline. */
    public List<RegisteredJob> notIn(JobRegistry registry) {
        return registry.jobs().stream().filter(j -> positionOf(j.name()).isEmpty()).toList();
    }
}

package dev.starfish.runtime.batch;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How a Slurm batch asks for its job array.
 *
 * @param partition {@code --partition}, or the cluster's default
 * @param time {@code --time}, the limit of each array task, or the partition's default
 * @param cpusPerTask {@code --cpus-per-task}, or Slurm's default
 * @param tasks how many array tasks share the models (at most one per model), or {@link #DEFAULT_TASKS}
 * @param sbatchArgs further {@code sbatch} arguments, passed as given
 */
public record SlurmSettings(Optional<String> partition, Optional<String> time, OptionalInt cpusPerTask, OptionalInt tasks,
        List<String> sbatchArgs) {

    public static final int DEFAULT_TASKS = 8;

    public SlurmSettings {
        sbatchArgs = List.copyOf(sbatchArgs);
    }

    /** The array's size for {@code models} models: the tasks asked for, never more than the models. */
    public int arraySize(int models) {
        return Math.max(1, Math.min(models, tasks.orElse(DEFAULT_TASKS)));
    }
}

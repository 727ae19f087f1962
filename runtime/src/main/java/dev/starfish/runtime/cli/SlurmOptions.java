package dev.starfish.runtime.cli;

import dev.starfish.runtime.batch.SlurmSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The options of {@code batch --executor slurm}: what the job array asks Slurm for. */
final class SlurmOptions {

    @Option(names = "--slurm-partition", paramLabel = "NAME",
            description = "Slurm partition of the job array (default: the cluster's default partition).")
    String partition;

    @Option(names = "--slurm-time", paramLabel = "LIMIT",
            description = "Time limit of each array task, in sbatch's --time format (e.g. 30:00; default: the partition's).")
    String time;

    @Option(names = "--slurm-cpus-per-task", paramLabel = "N",
            description = "CPUs of each array task (sbatch --cpus-per-task; default: Slurm's).")
    Integer cpusPerTask;

    @Option(names = "--slurm-tasks", paramLabel = "N",
            description = "Array tasks that share the models, at most one per model (default: "
                    + SlurmSettings.DEFAULT_TASKS + ").")
    Integer tasks;

    @Option(names = "--sbatch-arg", paramLabel = "ARG",
            description = "One more sbatch argument, passed as given (repeatable), e.g. --sbatch-arg=--exclusive.")
    List<String> sbatchArgs = new ArrayList<>();

    SlurmSettings settings(CommandSpec spec) {
        if (cpusPerTask != null && cpusPerTask < 1) {
            throw new ParameterException(spec.commandLine(), "--slurm-cpus-per-task expects at least 1, found " + cpusPerTask);
        }
        if (tasks != null && tasks < 1) {
            throw new ParameterException(spec.commandLine(), "--slurm-tasks expects at least 1, found " + tasks);
        }
        return new SlurmSettings(Optional.ofNullable(partition), Optional.ofNullable(time),
                cpusPerTask == null ? OptionalInt.empty() : OptionalInt.of(cpusPerTask),
                tasks == null ? OptionalInt.empty() : OptionalInt.of(tasks), sbatchArgs);
    }

    /** Whether any of these options was given (they mean nothing to a local batch). */
    boolean anyGiven() {
        return partition != null || time != null || cpusPerTask != null || tasks != null || !sbatchArgs.isEmpty();
    }
}

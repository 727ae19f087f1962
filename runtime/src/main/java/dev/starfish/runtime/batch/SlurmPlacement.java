package dev.starfish.runtime.batch;

/**
 * Where Slurm ran a model: its array task and what Slurm said of the task.
 *
 * @param jobId the task's job id, {@code ARRAYJOB_TASK}
 * @param arrayTask the array index
 * @param node the node the task ran on, or empty when it never started
 * @param state Slurm's state of the task ({@code COMPLETED}, {@code FAILED}, {@code CANCELLED}, ...)
 * @param reason Slurm's reason ({@code None}, {@code NonZeroExitCode}, ...)
 */
public record SlurmPlacement(String jobId, int arrayTask, String node, String state, String reason) {
}

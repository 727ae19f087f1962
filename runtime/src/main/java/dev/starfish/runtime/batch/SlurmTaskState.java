package dev.starfish.runtime.batch;

import java.util.Set;

/**
 * What Slurm says of one array task ({@code scontrol show job}).
 *
 * @param state {@code PENDING}, {@code RUNNING}, {@code COMPLETED}, {@code FAILED}, {@code CANCELLED}, ...
 * @param reason Slurm's reason ({@code None}, {@code NonZeroExitCode}, {@code Resources}, ...)
 * @param node the node it runs or ran on, empty before it starts
 * @param exitCode Slurm's {@code CODE:SIGNAL}
 */
public record SlurmTaskState(String state, String reason, String node, String exitCode) {

    private static final Set<String> TERMINAL = Set.of("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL",
            "PREEMPTED", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE", "REVOKED", "SPECIAL_EXIT", "UNKNOWN");

    /** The task left Slurm's queue or will never run (again). */
    public boolean finished() {
        return TERMINAL.contains(state);
    }

    /** What the submitter knows when Slurm has forgotten the task (it aged out of {@code scontrol}). */
    public static SlurmTaskState forgotten() {
        return new SlurmTaskState("UNKNOWN", "no longer known to slurmctld", "", "");
    }
}

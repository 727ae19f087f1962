package dev.starfish.api;

/**
 * A job that works in the driver's process and never spawns a tool; its class declares
 * {@code @JobSpec(kind = JobKind.IN_PROCESS)}.
 */
public abstract class InProcessJob extends AbstractJob {
}

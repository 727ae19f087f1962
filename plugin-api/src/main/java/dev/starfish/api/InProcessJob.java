package dev.starfish.api;

/** A job that works in the driver's process and never spawns a tool. */
public abstract class InProcessJob extends AbstractJob {

    @Override
    public final JobKind kind() {
        return JobKind.IN_PROCESS;
    }
}

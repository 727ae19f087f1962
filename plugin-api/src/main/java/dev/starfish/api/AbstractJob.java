package dev.starfish.api;

/**
 * The seed's job skeleton: {@code run} prepares the state, {@code runOnState} walks the
 * inputs (in parallel when the compile allows it) and {@code runSingleInput} does the
 * work for one subgraph.
 */
public abstract class AbstractJob implements Job {

    @Override
    public void run(JobState state, JobContext context) {
        runOnState(state, context);
    }

    /** Runs {@link #runSingleInput} for every input subgraph; override for whole-compile jobs. */
    protected void runOnState(JobState state, JobContext context) {
        context.forEachInput(state.inputs(), input -> runSingleInput(input, state, context));
    }

    /**
     * Does this job's work for one input subgraph. Jobs that work on the whole compile at once
     * (a front end, a linker) override {@link #runOnState} instead and never reach this.
     */
    protected void runSingleInput(Subgraph input, JobState state, JobContext context) {
        throw new IllegalStateException("job " + name() + " overrides neither runOnState nor runSingleInput,"
                + " so it has nothing to do for " + input.name());
    }

    @Override
    public String toString() {
        return name();
    }
}

package dev.starfish.runtime.report;

/**
 * A console progress display: every event updates one {@link ProgressState}, then the display
 * shows what changed, a terminal by redrawing its status line, a plain console by a line per
 * finished job.
 */
abstract class TrackedProgress implements StepListener {

    final ProgressState state = new ProgressState(System.nanoTime());

    /** Shows the state after an event; a finished job is {@link #finished} instead. */
    abstract void changed();

    /** Shows a job that finished, with its totals; by default as any other change. */
    void finished(JobEnd job, JobTotals totals) {
        changed();
    }

    @Override
    public final void planned(PlannedCompile plan) {
        state.planned(plan);
        changed();
    }

    @Override
    public final void jobStarted(JobStart job) {
        state.jobStarted(job);
        changed();
    }

    @Override
    public final void jobFinished(JobEnd job) {
        finished(job, state.jobFinished(job));
    }

    @Override
    public final void stepStarted(StepStart step) {
        state.stepStarted(step);
        changed();
    }

    @Override
    public final void stepFinished(StepEnd step) {
        state.stepFinished(step);
        changed();
    }
}

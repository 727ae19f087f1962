package dev.starfish.runtime.report;

import java.util.List;

/**
 * What a compile tells about itself while it runs: the plan once it is known, then each job and
 * each step as it starts and ends. The host calls a listener from the thread doing the work:
 * a job's events from the driver thread, a step's from the thread that runs it (a subgraph worker
 * with {@code -j}), so implementations are thread-safe. A listener never throws into the compile.
 * Every method does nothing by default, so a listener implements only what it needs.
 */
public interface StepListener {

    /** A listener that ignores everything. */
    StepListener NONE = new StepListener() {
    };

    /** The plan is checked and about to run. */
    default void planned(PlannedCompile plan) {
    }

    default void jobStarted(JobStart job) {
    }

    default void jobFinished(JobEnd job) {
    }

    default void stepStarted(StepStart step) {
    }

    default void stepFinished(StepEnd step) {
    }

    /** Tells every one of {@code listeners}, in order. */
    static StepListener all(List<StepListener> listeners) {
        List<StepListener> copy = List.copyOf(listeners);
        return new StepListener() {
            @Override
            public void planned(PlannedCompile plan) {
                copy.forEach(l -> l.planned(plan));
            }

            @Override
            public void jobStarted(JobStart job) {
                copy.forEach(l -> l.jobStarted(job));
            }

            @Override
            public void jobFinished(JobEnd job) {
                copy.forEach(l -> l.jobFinished(job));
            }

            @Override
            public void stepStarted(StepStart step) {
                copy.forEach(l -> l.stepStarted(step));
            }

            @Override
            public void stepFinished(StepEnd step) {
                copy.forEach(l -> l.stepFinished(step));
            }
        };
    }
}

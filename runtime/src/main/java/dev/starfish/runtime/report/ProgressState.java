package dev.starfish.runtime.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the console's progress display knows of a running compile: how many jobs the plan has,
 * which job runs, which of its subgraphs are running, and the totals of the jobs done.
 * Thread-safe.
 */
final class ProgressState {

    private final long startNanos;
    private int plannedJobs;
    private JobStart current;
    private final Set<String> runningSubgraphs = new LinkedHashSet<>();
    private final List<StepEnd> steps = new ArrayList<>();
    private final List<JobTotals> done = new ArrayList<>();

    ProgressState(long startNanos) {
        this.startNanos = startNanos;
    }

    synchronized void planned(PlannedCompile plan) {
        plannedJobs = plan.jobs().size();
    }

    synchronized void jobStarted(JobStart job) {
        current = job;
        runningSubgraphs.clear();
    }

    /** Records the job's end and returns its totals. */
    synchronized JobTotals jobFinished(JobEnd job) {
        JobTotals totals = JobTotals.of(job, steps);
        steps.removeIf(s -> s.start().job().equals(job.start().job()));
        done.add(totals);
        if (current != null && current.job().equals(job.start().job())) {
            current = null;
        }
        return totals;
    }

    synchronized void stepStarted(StepStart step) {
        if (!step.subgraph().isEmpty()) {
            runningSubgraphs.add(step.subgraph());
        }
    }

    synchronized void stepFinished(StepEnd step) {
        steps.add(step);
        runningSubgraphs.remove(step.start().subgraph());
    }

    /** {@code [3/7]} for the job at index 3 of a plan of 7. */
    synchronized String counter(int index) {
        return "[" + index + "/" + (plannedJobs == 0 ? "?" : plannedJobs) + "]";
    }

    /** {@code [4/7] Lower  running sg00, sg01  elapsed 1.25 s}, or the elapsed time alone between jobs. */
    synchronized String statusLine(long nowNanos) {
        String elapsed = "elapsed " + Units.millis((nowNanos - startNanos) / 1_000_000);
        if (current == null) {
            return counter(done.size()) + " " + elapsed;
        }
        String running = runningSubgraphs.isEmpty() ? "" : "  running " + String.join(", ", runningSubgraphs);
        return counter(current.index()) + " " + current.job() + running + "  " + elapsed;
    }

    synchronized List<JobTotals> done() {
        return List.copyOf(done);
    }
}

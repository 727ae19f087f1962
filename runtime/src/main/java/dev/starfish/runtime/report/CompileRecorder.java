package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Keeps every event of one compile, for its report. Thread-safe. */
public final class CompileRecorder implements StepListener {

    private final Path model;
    private final Path workDir;
    private final String starfishVersion;
    private final Instant startedAt = Instant.now();
    private final long originNanos = System.nanoTime();
    private final List<JobEnd> jobs = new ArrayList<>();
    private final List<StepEnd> steps = new ArrayList<>();
    private PlannedCompile plan;

    public CompileRecorder(Path model, Path workDir, String starfishVersion) {
        this.model = requireNonNull(model, "model is null");
        this.workDir = requireNonNull(workDir, "workDir is null");
        this.starfishVersion = requireNonNull(starfishVersion, "starfishVersion is null");
    }

    @Override
    public synchronized void planned(PlannedCompile newPlan) {
        this.plan = newPlan;
    }

    @Override
    public synchronized void jobFinished(JobEnd job) {
        jobs.add(job);
    }

    @Override
    public synchronized void stepFinished(StepEnd step) {
        steps.add(step);
    }

    /** The report as of now; {@code failure} is the message the compile failed with, if it did. */
    public synchronized CompileReport report(Optional<String> failure) {
        return new CompileReport(model, workDir, starfishVersion, startedAt, originNanos, System.nanoTime(),
                Optional.ofNullable(plan), jobs, steps, failure);
    }
}

package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Keeps every event of one compile, for its report. Thread-safe. */
public final class CompileRecorder implements StepListener {

    private final Path model;
    private final Path workDir;
    private final String starfishVersion;
    private final DriverStart origin;
    private final List<JobEnd> jobs = new ArrayList<>();
    private final List<StepEnd> steps = new ArrayList<>();
    private final Set<JobStart> runningJobs = new LinkedHashSet<>();
    private final Map<Long, StepStart> runningSteps = new LinkedHashMap<>();
    private PlannedCompile plan;
    private CacheUse cache = CacheUse.OFF;

    /** A recorder whose times start now. */
    public CompileRecorder(Path model, Path workDir, String starfishVersion) {
        this(model, workDir, starfishVersion, DriverStart.ofCompile());
    }

    /** A recorder whose times start at {@code origin}. */
    public CompileRecorder(Path model, Path workDir, String starfishVersion, DriverStart origin) {
        this.origin = requireNonNull(origin, "origin is null");
        this.model = requireNonNull(model, "model is null");
        this.workDir = requireNonNull(workDir, "workDir is null");
        this.starfishVersion = requireNonNull(starfishVersion, "starfishVersion is null");
    }

    @Override
    public synchronized void planned(PlannedCompile newPlan) {
        this.plan = newPlan;
    }

    /** What the compile cache did, as far as it is known now. */
    public synchronized void cacheUsed(CacheUse use) {
        this.cache = requireNonNull(use, "use is null");
    }

    @Override
    public synchronized void jobStarted(JobStart job) {
        runningJobs.add(job);
    }

    @Override
    public synchronized void jobFinished(JobEnd job) {
        runningJobs.remove(job.start());
        jobs.add(job);
    }

    @Override
    public synchronized void stepStarted(StepStart step) {
        runningSteps.put(step.id(), step);
    }

    @Override
    public synchronized void stepFinished(StepEnd step) {
        runningSteps.remove(step.start().id());
        steps.add(step);
    }

    /** The report as of now; {@code failure} is the message the compile failed with, if it did. */
    public synchronized CompileReport report(Optional<String> failure) {
        return new CompileReport(model, workDir, starfishVersion, origin, System.nanoTime(),
                Optional.ofNullable(plan), jobs, steps, failure, false, cache);
    }

    /**
     * The report of a compile stopped under it, as of now: {@code why} is its failure, and the
     * jobs and steps still running end now, interrupted.
     */
    public synchronized CompileReport interrupted(String why) {
        long now = System.nanoTime();
        List<JobEnd> allJobs = new ArrayList<>(jobs);
        runningJobs.forEach(job -> allJobs.add(new JobEnd(job, now, Optional.of(why), true)));
        List<StepEnd> allSteps = new ArrayList<>(steps);
        runningSteps.values().forEach(step -> allSteps.add(new StepEnd(step, now, Optional.empty(), Optional.of(why),
                List.of(), true)));
        return new CompileReport(model, workDir, starfishVersion, origin, now,
                Optional.ofNullable(plan), allJobs, allSteps, Optional.of(why), true, cache);
    }
}

package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one compile told about itself, once it is over: what {@code report.json},
 * {@code trace.json} and {@code report.html} are written from. Times are microseconds since
 * the report's origin ({@link #micros}, {@link DriverStart}).
 *
 * @param model the model compiled
 * @param workDir the work directory
 * @param starfishVersion the driver's version
 * @param origin where its times are measured from: the process start, or the compile's start in a batch
 * @param endNanos when it ended, by {@link System#nanoTime()}
 * @param plan the plan, when the compile got as far as planning
 * @param jobs the jobs that ran, in the order they ended
 * @param steps the steps that ran, in the order they ended
 * @param failure the message the compile failed with, empty when it succeeded
 * @param interrupted whether the compile was stopped under it (a signal, plugin code ending the driver)
 * @param cache what the compile cache did: a hit ran no job, its {@code .neff} came from {@code cache.entry()}
 */
public record CompileReport(Path model, Path workDir, String starfishVersion, DriverStart origin, long endNanos,
        Optional<PlannedCompile> plan, List<JobEnd> jobs, List<StepEnd> steps,
        Optional<String> failure, boolean interrupted, CacheUse cache) {

    /** The version of the {@code report.json} and {@code trace.json} layouts (docs/report.md). */
    public static final int VERSION = 1;

    public CompileReport {
        requireNonNull(model, "model is null");
        requireNonNull(workDir, "workDir is null");
        requireNonNull(starfishVersion, "starfishVersion is null");
        requireNonNull(origin, "origin is null");
        requireNonNull(plan, "plan is null");
        jobs = List.copyOf(jobs);
        steps = List.copyOf(steps);
        requireNonNull(failure, "failure is null");
        requireNonNull(cache, "cache is null");
    }

    /** When the report's times start, by the wall clock. */
    public Instant startedAt() {
        return origin.wallClock();
    }

    /** Microseconds from the report's origin to {@code nanos}. */
    public long micros(long nanos) {
        return Math.max(0, (nanos - origin.nanos()) / 1000);
    }

    /** The start-up band: microseconds from the origin to the first job's start (all of it when no job ran). */
    public long startupMicros() {
        return jobs.stream().mapToLong(j -> micros(j.start().nanos())).min().orElse(wallMicros());
    }

    /** Where the start-up band ends, for its label: {@code the first job}, or the report when no job ran. */
    public String startupEnd() {
        return jobs.isEmpty() ? "the report (no job ran)" : "the first job";
    }

    public long wallMicros() {
        return micros(endNanos);
    }

    public boolean succeeded() {
        return failure.isEmpty();
    }

    public Outcome outcome() {
        return Outcome.of(failure, interrupted);
    }

    /** Each job's totals, in the order the jobs started. */
    public List<JobTotals> totals() {
        return jobs.stream().sorted(Comparator.comparingLong(j -> j.start().nanos()))
                .map(job -> JobTotals.of(job, steps)).toList();
    }

    /** The steps that failed, in the order they ended. */
    public List<StepEnd> failedSteps() {
        return steps.stream().filter(s -> s.failure().isPresent()).toList();
    }

    /**
     * One track per thread that ran a job or step, numbered from 1 in the order they were first
     * used, with a name to show: the thread's name, with its id when two threads share a name.
     */
    public Map<Long, Track> tracks() {
        List<Worker> seen = new ArrayList<>();
        jobs.stream().map(j -> j.start()).sorted(Comparator.comparingLong(JobStart::nanos))
                .forEach(j -> seen.add(j.worker()));
        steps.stream().map(StepEnd::start).sorted(Comparator.comparingLong(StepStart::nanos))
                .forEach(s -> seen.add(s.worker()));
        Map<Long, Track> tracks = new LinkedHashMap<>();
        for (Worker worker : seen) {
            if (!tracks.containsKey(worker.threadId())) {
                boolean shared = seen.stream().anyMatch(w -> w.name().equals(worker.name())
                        && w.threadId() != worker.threadId());
                String name = shared ? worker.name() + " #" + worker.threadId() : worker.name();
                tracks.put(worker.threadId(), new Track(tracks.size() + 1, name));
            }
        }
        return tracks;
    }

    /** A timeline track: its number and name. */
    public record Track(int tid, String name) {
    }
}

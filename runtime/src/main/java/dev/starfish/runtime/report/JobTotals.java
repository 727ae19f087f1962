package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import java.util.Optional;

/**
 * One job's line of the summary: its wall time and what its tools used in all.
 *
 * @param job the job's name
 * @param wallNanos the job's wall time
 * @param steps how many of its steps ran
 * @param tools how many of them started a tool
 * @param userCpuMillis user CPU of its tools, summed
 * @param systemCpuMillis system CPU of its tools, summed
 * @param maxRssKb the highest peak RSS of its tools
 * @param failure the message it failed with, if it did
 * @param outcome how it ended
 */
public record JobTotals(String job, long wallNanos, int steps, int tools, long userCpuMillis, long systemCpuMillis,
        long maxRssKb, Optional<String> failure, Outcome outcome) {

    public JobTotals {
        requireNonNull(job, "job is null");
        requireNonNull(failure, "failure is null");
        requireNonNull(outcome, "outcome is null");
    }

    /** The totals of a job that ended by itself. */
    public JobTotals(String job, long wallNanos, int steps, int tools, long userCpuMillis, long systemCpuMillis,
            long maxRssKb, Optional<String> failure) {
        this(job, wallNanos, steps, tools, userCpuMillis, systemCpuMillis, maxRssKb, failure,
                Outcome.of(failure, false));
    }

    /** The totals of {@code job} from its steps (steps of other jobs are ignored). */
    public static JobTotals of(JobEnd job, Collection<StepEnd> steps) {
        String name = job.start().job();
        int count = 0;
        int tools = 0;
        long user = 0;
        long system = 0;
        long rss = 0;
        for (StepEnd step : steps) {
            if (!step.start().job().equals(name)) {
                continue;
            }
            count++;
            if (step.tool().isPresent()) {
                ToolUsage usage = step.tool().get();
                tools++;
                user += usage.userCpuMillis();
                system += usage.systemCpuMillis();
                rss = Math.max(rss, usage.maxRssKb());
            }
        }
        return new JobTotals(name, job.wallNanos(), count, tools, user, system, rss, job.failure(), job.outcome());
    }

    public long cpuMillis() {
        return userCpuMillis + systemCpuMillis;
    }

    public long wallMillis() {
        return wallNanos / 1_000_000;
    }
}

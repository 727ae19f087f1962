package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;

/**
 * How a step's tool ended and what it used, as the exec shim reported it.
 *
 * @param status how it ended
 * @param wallMillis its wall-clock time
 * @param userCpuMillis user CPU of the tool and its waited-for children
 * @param systemCpuMillis system CPU likewise
 * @param maxRssKb its peak resident set in KiB
 * @param timedOut whether its wall-clock timeout killed it
 * @param cpuLimitExceeded whether its CPU-seconds limit stopped it
 */
public record ToolUsage(ExitStatus status, long wallMillis, long userCpuMillis, long systemCpuMillis, long maxRssKb,
        boolean timedOut, boolean cpuLimitExceeded) {

    public ToolUsage {
        requireNonNull(status, "status is null");
    }

    public static ToolUsage of(ProcessResult result) {
        return new ToolUsage(result.status(), result.wallTime().toMillis(), result.userCpuMillis(),
                result.systemCpuMillis(), result.maxRssKb(), result.timedOut(), result.cpuLimitExceeded());
    }

    public long cpuMillis() {
        return userCpuMillis + systemCpuMillis;
    }
}

package dev.starfish.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What one run of a command produced.
 *
 * @param command the command that ran
 * @param status how it ended
 * @param outputHead the first lines of its output (stdout, and stderr when merged)
 * @param outputTail the last lines of its output
 * @param errorTail the last lines of stderr when it was kept separate, else empty
 * @param outputLines how many lines of output it wrote in all
 * @param wallTime wall-clock time
 * @param userCpuMillis user CPU of the tool and its waited-for children
 * @param systemCpuMillis system CPU likewise
 * @param maxRssKb the tool's peak resident set, in KiB
 * @param cpuLimitExceeded whether it was stopped by its CPU-seconds limit
 * @param timedOut whether it was killed by its wall-clock timeout
 * @param failure a description of why it could not start, else empty
 * @param replayScript the replay script written for it, or {@code null} when none was written
 */
public record ProcessResult(Command command, ExitStatus status, List<String> outputHead, List<String> outputTail,
        List<String> errorTail, long outputLines, Duration wallTime, long userCpuMillis, long systemCpuMillis,
        long maxRssKb, boolean cpuLimitExceeded, boolean timedOut, String failure, Path replayScript) {

    public ProcessResult {
        outputHead = List.copyOf(outputHead);
        outputTail = List.copyOf(outputTail);
        errorTail = List.copyOf(errorTail);
    }

    public boolean success() {
        return status.success();
    }

    /** One line for the log: status, times and peak memory. */
    public String summary() {
        return String.format("%s; wall %d ms, user %d ms, sys %d ms, peak RSS %d KiB%s%s",
                status.describe(), wallTime.toMillis(), userCpuMillis, systemCpuMillis, maxRssKb,
                cpuLimitExceeded ? "; CPU time limit of " + command.cpuLimitSeconds() + " s exceeded" : "",
                timedOut ? "; wall-clock timeout of " + command.timeout().toSeconds() + " s exceeded" : "");
    }
}

package dev.starfish.runtime.launch;

import dev.starfish.api.ExitStatus;
import java.util.Optional;

/**
 * How a supervised run ended, as its supervisor told it.
 *
 * @param status the tool's exit status
 * @param report the supervisor's report, empty when it wrote none
 * @param failure why the tool could not start, else empty
 */
record ToolEnding(ExitStatus status, Optional<ShimReport> report, String failure) {

    static ToolEnding of(ShimReport report) {
        String failure = report.status().kind() == ExitStatus.Kind.FAILED_TO_START ? report.error() : "";
        return new ToolEnding(report.status(), Optional.of(report), failure);
    }

    static ToolEnding failedToStart(String why) {
        return new ToolEnding(ExitStatus.failedToStart(), Optional.empty(), why);
    }
}

package dev.starfish.runtime.report;

import java.util.Optional;

/** How a compile, a job or a step ended, as the report, the trace and the progress display name it. */
public enum Outcome {
    SUCCEEDED("succeeded"),
    FAILED("failed"),
    /** Stopped by a signal (SIGINT, SIGTERM, SIGHUP) or plugin code ending the driver, not by a fault of its own. */
    INTERRUPTED("interrupted");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    /** The outcome of something that ended with {@code failure} (empty: it succeeded). */
    static Outcome of(Optional<String> failure, boolean interrupted) {
        return interrupted ? INTERRUPTED : failure.isPresent() ? FAILED : SUCCEEDED;
    }

    /** {@code succeeded}, {@code failed} or {@code interrupted}. */
    public String label() {
        return label;
    }
}

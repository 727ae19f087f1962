package dev.starfish.runtime.lint;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.plugin.OneLine;
import java.util.Locale;

/**
 * One finding of {@code starfish plugins lint}: printed as one line,
 * {@code <jar>: error: <what was expected, what was found, what to do>}.
 *
 * @param jar the jar as the user named it
 * @param severity an error (the host would refuse or fail the jar, or a job of it) or a warning
 *        (it loads, but not as its author probably meant)
 * @param message what was expected, what was found and what to do, on one line
 */
public record LintFinding(String jar, Severity severity, String message) {

    /** How bad a finding is; either makes {@code plugins lint} exit 1. */
    public enum Severity {
        ERROR, WARNING;

        /** {@code error} or {@code warning}, as printed. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public LintFinding {
        requireNonNull(jar, "jar is null");
        requireNonNull(severity, "severity is null");
        message = OneLine.of(requireNonNull(message, "message is null"));
    }

    static LintFinding error(String jar, String message) {
        return new LintFinding(jar, Severity.ERROR, message);
    }

    static LintFinding warning(String jar, String message) {
        return new LintFinding(jar, Severity.WARNING, message);
    }

    /** {@code x.jar: error: ...}. */
    public String line() {
        return jar + ": " + severity.label() + ": " + message;
    }

    @Override
    public String toString() {
        return line();
    }
}

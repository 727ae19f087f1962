package dev.starfish.api;

/**
 * How a process ended: exited with a code, killed by a signal, or never started.
 *
 * @param kind which of the three
 * @param code the exit code (for {@code EXITED}), else -1
 * @param signal the signal number (for {@code SIGNALED}), else 0
 * @param signalName e.g. {@code SIGKILL}, empty unless signalled
 */
public record ExitStatus(Kind kind, int code, int signal, String signalName) {

    /** The three ways a process ends. */
    public enum Kind { EXITED, SIGNALED, FAILED_TO_START }

    public static ExitStatus exited(int code) {
        return new ExitStatus(Kind.EXITED, code, 0, "");
    }

    public static ExitStatus signaled(int signal, String signalName) {
        return new ExitStatus(Kind.SIGNALED, -1, signal, signalName);
    }

    public static ExitStatus failedToStart() {
        return new ExitStatus(Kind.FAILED_TO_START, -1, 0, "");
    }

    public boolean success() {
        return kind == Kind.EXITED && code == 0;
    }

    /** A human description: {@code exit status 3}, {@code killed by signal 9 (SIGKILL)}, {@code could not start}. */
    public String describe() {
        return switch (kind) {
            case EXITED -> "exit status " + code;
            case SIGNALED -> "killed by signal " + signal + (signalName.isEmpty() ? "" : " (" + signalName + ")");
            case FAILED_TO_START -> "could not start";
        };
    }
}

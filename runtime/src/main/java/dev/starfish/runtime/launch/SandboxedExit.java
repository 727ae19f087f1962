package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import java.util.Optional;

/**
 * How a sandboxed tool ended, told from how {@code bwrap} did: {@code bwrap} exits 128 + S when
 * its tool is killed by signal S, so its supervisor sees an exit. Read back as the signal, a
 * SIGSEGV reads as it does unsandboxed; a tool that itself exits 129 to 192 reads as killed by
 * that signal too (as in a shell's {@code $?}; docs/failure-modes.md).
 */
final class SandboxedExit {

    private static final String[] NAMES = {"", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS",
        "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD",
        "SIGCONT", "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF",
        "SIGWINCH", "SIGIO", "SIGPWR", "SIGSYS"};
    private static final int SIGKILL = 9;
    private static final int SIGXCPU = 24;
    private static final int SIGRTMIN = 34;
    private static final int LAST_SIGNAL = 64;

    private SandboxedExit() {
    }

    /**
     * {@code ending} with an exit of 128 + S read as signal S, its CPU-limit flag set as the shim
     * sets it; {@code bwrap}'s exit 1 for a program it could not exec read as
     * the shim's {@code could not start} (its last line of output, {@code lastLine}, says so: the tool
     * never ran, so the line is {@code bwrap}'s).
     */
    static ToolEnding of(ToolEnding ending, Command command, String lastLine) {
        Optional<ShimReport> report = ending.report();
        ExitStatus status = ending.status();
        if (status.equals(ExitStatus.exited(1)) && !lastLine.isEmpty()) {
            String program = command.executedArgv().get(0);
            String prefix = "bwrap: execvp " + program + ": ";
            if (lastLine.startsWith(prefix)) {
                return new ToolEnding(ExitStatus.failedToStart(), report, "execv: " + lastLine.substring(prefix.length()));
            }
        }
        int signal = status.code() - 128;
        if (report.isEmpty() || status.kind() != ExitStatus.Kind.EXITED || signal < 1 || signal > LAST_SIGNAL) {
            return ending;
        }
        ShimReport r = report.get();
        boolean cpuLimit = signal == SIGXCPU || (signal == SIGKILL && command.cpuLimitSeconds() > 0
                && r.userCpuMillis() + r.systemCpuMillis() >= command.cpuLimitSeconds() * 1000L);
        ShimReport read = new ShimReport(ExitStatus.signaled(signal, name(signal)), r.userCpuMillis(),
                r.systemCpuMillis(), r.maxRssKb(), r.wallMillis(), cpuLimit || r.cpuLimitExceeded(), r.timedOut(),
                r.error());
        return new ToolEnding(read.status(), Optional.of(read), ending.failure());
    }

    /** The name the shim gives signal {@code number}: {@code SIGSEGV}, {@code SIGRTMIN+3} (glibc's SIGRTMIN is 34). */
    static String name(int number) {
        if (number < NAMES.length) {
            return NAMES[number];
        }
        return number < SIGRTMIN ? "" : "SIGRTMIN+" + (number - SIGRTMIN);
    }
}

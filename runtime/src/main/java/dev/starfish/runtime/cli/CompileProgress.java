package dev.starfish.runtime.cli;

import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.report.PlainProgress;
import dev.starfish.runtime.report.StepListener;
import dev.starfish.runtime.report.TerminalProgress;
import java.io.PrintWriter;

/**
 * Which progress display a compile gets on stdout: none with {@code --quiet} or {@code -###}; a
 * live status line and a closing table on a terminal ({@code bin/starfish} passes
 * {@value #TTY_PROPERTY}), unless {@code -v} or {@code --log-level} interleave log lines with it;
 * otherwise one plain line per finished job.
 */
final class CompileProgress implements AutoCloseable {

    /** Set to {@code true} by {@code bin/starfish} when its stdout is a terminal. */
    static final String TTY_PROPERTY = ProcessInvocation.TTY_PROPERTY;

    private final StepListener listener;
    private final AutoCloseable closer;

    private CompileProgress(StepListener listener, AutoCloseable closer) {
        this.listener = listener;
        this.closer = closer;
    }

    static CompileProgress choose(PrintWriter out, LoggingOptions logging, boolean dryRun, Invocation invocation,
            CommandStreams streams) {
        if (dryRun || logging.quiet()) {
            return new CompileProgress(StepListener.NONE, () -> { });
        }
        if (onTerminal(logging, invocation)) {
            out.flush();
            TerminalProgress terminal = new TerminalProgress(streams.rawStdout(), columns(invocation));
            return new CompileProgress(terminal, terminal);
        }
        return new CompileProgress(new PlainProgress(out), () -> { });
    }

    /** Whether a live status line goes to stdout: it is a terminal and no log lines interleave with it. */
    static boolean onTerminal(LoggingOptions logging, Invocation invocation) {
        boolean logsOnConsole = logging.verbose.length > 0 || logging.level != null && logging.level != Verbosity.WARN
                && logging.level != Verbosity.ERROR;
        return invocation.terminal().stdoutIsTerminal() && !logsOnConsole;
    }

    StepListener listener() {
        return listener;
    }

    /** The terminal's width: the caller's when it told one, else {@code COLUMNS}, else 80. */
    static int columns(Invocation invocation) {
        if (invocation.terminal().columns() > 0) {
            return invocation.terminal().columns();
        }
        try {
            return Integer.parseInt(invocation.environment().getOrDefault("COLUMNS", "80").trim());
        } catch (NumberFormatException e) {
            return 80;
        }
    }

    @Override
    public void close() {
        try {
            closer.close();
        } catch (Exception e) {
            throw new IllegalStateException("cannot close the progress display", e);
        }
    }
}

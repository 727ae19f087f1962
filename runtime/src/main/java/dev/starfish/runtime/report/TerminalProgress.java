package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.log.ConsoleText;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Progress on a terminal: one status line (job, running subgraphs, elapsed time) redrawn in
 * place on every event and twice a second, then, on {@link #close}, the status line erased and a
 * per-job table (job, wall, tool CPU, peak RSS) printed. The status line ends in a newline and is
 * redrawn by moving the cursor up one line ({@code ESC[1A}) and erasing it ({@code ESC[2K}),
 * so that a line-oriented reader of the terminal's output (a logger, {@code script}) gets each
 * state as a whole line, never one held back by a bare carriage return. Its cursor moves cannot
 * pass the console's {@link dev.starfish.runtime.log.EscapingOutputStream}, so it writes to the
 * terminal directly and escapes every name it shows itself.
 */
public final class TerminalProgress implements StepListener, AutoCloseable {

    public static final String UP_AND_ERASE = "\u001b[1A\u001b[2K";
    private static final String BOLD = "\u001b[1m";
    private static final String RESET = "\u001b[0m";

    private final PrintWriter out;
    private final int width;
    private final ProgressState state = new ProgressState(System.nanoTime());
    private final ScheduledExecutorService ticker;
    private boolean drawn;
    private boolean closed;

    /**
     * @param out the terminal
     * @param width the terminal's width in columns; the status line is cut to fit one line
     */
    public TerminalProgress(PrintWriter out, int width) {
        this.out = requireNonNull(out, "out is null");
        this.width = Math.max(20, width);
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "starfish-progress");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(this::redraw, 500, 500, TimeUnit.MILLISECONDS);
    }

    @Override
    public void planned(PlannedCompile plan) {
        state.planned(plan);
        redraw();
    }

    @Override
    public void jobStarted(JobStart job) {
        state.jobStarted(job);
        redraw();
    }

    @Override
    public void jobFinished(JobEnd job) {
        state.jobFinished(job);
        redraw();
    }

    @Override
    public void stepStarted(StepStart step) {
        state.stepStarted(step);
        redraw();
    }

    @Override
    public void stepFinished(StepEnd step) {
        state.stepFinished(step);
        redraw();
    }

    private synchronized void redraw() {
        if (closed) {
            return;
        }
        String line = ConsoleText.line(state.statusLine(System.nanoTime()));
        if (line.length() >= width) {
            line = line.substring(0, width - 2) + "…";
        }
        out.print((drawn ? UP_AND_ERASE : "") + line + "\n");
        out.flush();
        drawn = true;
    }

    /** Stops redrawing, erases the status line and prints the table of the jobs that ran. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        ticker.shutdownNow();
        if (drawn) {
            out.print(UP_AND_ERASE);
        }
        List<JobTotals> done = state.done();
        if (!done.isEmpty()) {
            List<String> table = SummaryTable.lines(done).stream().map(ConsoleText::line).toList();
            out.print(BOLD + table.get(0) + RESET + "\n");
            table.subList(1, table.size()).forEach(row -> out.print(row + "\n"));
        }
        out.flush();
    }
}

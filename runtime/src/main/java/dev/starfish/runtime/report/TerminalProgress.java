package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.log.ConsoleText;
import java.io.PrintWriter;
import java.util.List;

/**
 * Progress on a terminal: one {@link StatusLine} (job, running subgraphs, elapsed time) redrawn
 * on every event and twice a second, then, on {@link #close}, the status line erased and a
 * per-job table (job, wall, tool CPU, peak RSS) printed, escaped as the line is.
 */
public final class TerminalProgress extends TrackedProgress implements AutoCloseable {

    public static final String UP_AND_ERASE = StatusLine.UP_AND_ERASE;
    private static final String BOLD = "\u001b[1m";
    private static final String RESET = "\u001b[0m";

    private final PrintWriter out;
    private final StatusLine line;

    /**
     * @param out the terminal
     * @param width the terminal's width in columns; the status line is cut to fit one line
     */
    public TerminalProgress(PrintWriter out, int width) {
        this.out = requireNonNull(out, "out is null");
        this.line = new StatusLine(out, width, "starfish-progress", () -> state.statusLine(System.nanoTime()));
    }

    @Override
    void changed() {
        line.redraw();
    }

    /** Stops redrawing, erases the status line and prints the table of the jobs that ran. Idempotent. */
    @Override
    public void close() {
        if (!line.erase()) {
            return;
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

package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.log.ConsoleText;
import dev.starfish.runtime.report.TerminalProgress;
import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A batch's progress on a terminal, like a compile's ({@link TerminalProgress}): one status line,
 * {@code [3/10] 2 ok, 1 failed, 2 running: a.hlo, b.hlo  elapsed 4.2 s}, redrawn in place when a
 * model starts or ends and twice a second, and erased on {@link #close} before the summary. It
 * moves the cursor up and erases the line ({@link TerminalProgress#UP_AND_ERASE}) for the same
 * reason, writes to the terminal directly, and escapes every name it shows.
 */
final class BatchStatusLine implements AutoCloseable {

    private final PrintWriter terminal;
    private final int width;
    private final int total;
    private final long startNanos = System.nanoTime();
    private final Set<String> running = new LinkedHashSet<>();
    private final ScheduledExecutorService ticker;
    private int ok;
    private int notOk;
    private boolean drawn;
    private boolean closed;

    BatchStatusLine(PrintWriter terminal, int width, int total) {
        this.terminal = requireNonNull(terminal, "terminal is null");
        this.width = Math.max(20, width);
        this.total = total;
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "starfish-batch-progress");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(this::redraw, 500, 500, TimeUnit.MILLISECONDS);
    }

    synchronized void started(BatchItem item) {
        running.add(item.model().getFileName().toString());
        redraw();
    }

    synchronized void finished(ModelOutcome outcome) {
        running.remove(outcome.model().getFileName().toString());
        if (outcome.status() == ModelStatus.OK) {
            ok++;
        } else {
            notOk++;
        }
        redraw();
    }

    synchronized String line() {
        StringBuilder line = new StringBuilder().append('[').append(ok + notOk).append('/').append(total).append("] ")
                .append(ok).append(" ok, ").append(notOk).append(" failed, ").append(running.size()).append(" running");
        if (!running.isEmpty()) {
            line.append(": ").append(String.join(", ", running));
        }
        return line.append("  elapsed ").append(String.format(Locale.ROOT, "%.1f s",
                (System.nanoTime() - startNanos) / 1e9)).toString();
    }

    private synchronized void redraw() {
        if (closed) {
            return;
        }
        String line = ConsoleText.line(line());
        if (line.length() >= width) {
            line = line.substring(0, width - 2) + "…";
        }
        terminal.print((drawn ? TerminalProgress.UP_AND_ERASE : "") + line + "\n");
        terminal.flush();
        drawn = true;
    }

    /** Stops redrawing and erases the status line. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        ticker.shutdownNow();
        if (drawn) {
            terminal.print(TerminalProgress.UP_AND_ERASE);
            terminal.flush();
        }
    }
}

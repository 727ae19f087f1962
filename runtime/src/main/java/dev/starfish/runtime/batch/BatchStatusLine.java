package dev.starfish.runtime.batch;

import dev.starfish.runtime.report.StatusLine;
import dev.starfish.runtime.report.TerminalProgress;
import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * A batch's progress on a terminal, like a compile's ({@link TerminalProgress}): one
 * {@link StatusLine}, {@code [3/10] 2 ok, 1 failed, 2 running: a.hlo, b.hlo  elapsed 4.2 s},
 * redrawn when a model starts or ends and twice a second, and erased on {@link #close} before the
 * summary.
 */
final class BatchStatusLine implements AutoCloseable {

    private final int total;
    private final long startNanos = System.nanoTime();
    private final Set<String> running = new LinkedHashSet<>();
    private final StatusLine line;
    private int ok;
    private int notOk;

    BatchStatusLine(PrintWriter terminal, int width, int total) {
        this.total = total;
        this.line = new StatusLine(terminal, width, "starfish-batch-progress", this::line);
    }

    void started(BatchItem item) {
        synchronized (this) {
            running.add(item.model().getFileName().toString());
        }
        line.redraw();
    }

    void finished(ModelOutcome outcome) {
        synchronized (this) {
            running.remove(outcome.model().getFileName().toString());
            if (outcome.status() == ModelStatus.OK) {
                ok++;
            } else {
                notOk++;
            }
        }
        line.redraw();
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

    /** Stops redrawing and erases the status line. Idempotent. */
    @Override
    public void close() {
        line.erase();
    }
}

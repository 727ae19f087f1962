package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a batch prints: one progress line per model as it finishes,
 * {@code [k/N] model ... ok (1.2 s, cache miss)}, or on a terminal one live status line instead
 * ({@link BatchStatusLine}); then a summary table (model, status, time, cache, output) and where
 * the report is. Thread-safe: models finish on several threads.
 */
public final class BatchConsole {

    private final PrintWriter out;
    private final int total;
    private final Optional<BatchStatusLine> status;
    private int finished;

    /** A console for a pipe or a log: one plain line per finished model. */
    public BatchConsole(PrintWriter out, int total) {
        this.out = requireNonNull(out, "out is null");
        this.total = total;
        this.status = Optional.empty();
    }

    /**
     * A console on a terminal: a live status line on {@code terminal} (the raw terminal, {@code columns} wide)
     * in place of the per-model lines.
     */
    public BatchConsole(PrintWriter out, int total, PrintWriter terminal, int columns) {
        this.out = requireNonNull(out, "out is null");
        this.total = total;
        out.flush();
        this.status = Optional.of(new BatchStatusLine(terminal, columns, total));
    }

    /** The console's stream, for what a compile prints itself. */
    public PrintWriter out() {
        return out;
    }

    /** A model started compiling. */
    public void started(BatchItem item) {
        status.ifPresent(line -> line.started(item));
    }

    /** Prints the progress line of a model that just ended (on a terminal: redraws the status line). */
    public synchronized void finished(ModelOutcome outcome) {
        finished++;
        if (status.isPresent()) {
            status.get().finished(outcome);
            return;
        }
        String status = outcome.status() == ModelStatus.OK ? "ok" : outcome.status().name();
        out.printf("[%d/%d] %s ... %s (%s, cache %s)%s%n", finished, total, outcome.model(), status,
                seconds(outcome.wallMillis()), outcome.cache(), outcome.error().map(e -> ": " + e).orElse(""));
        out.flush();
    }

    /** A line of the executor's own progress (Slurm task states). */
    public synchronized void note(String line) {
        out.println(line);
        out.flush();
    }

    /** Prints the summary table and the totals line. */
    public synchronized void summary(BatchReport report, Path reportFile) {
        status.ifPresent(BatchStatusLine::close);
        List<String[]> rows = report.models().stream().map(m -> new String[] {
            m.model().getFileName().toString(), m.status().label(), seconds(m.wallMillis()), m.cache(),
            whereToLook(m)}).toList();
        String[] header = {"MODEL", "STATUS", "TIME", "CACHE", "OUTPUT"};
        int[] widths = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            int column = i;
            widths[i] = Math.max(header[i].length(), rows.stream().mapToInt(r -> r[column].length()).max().orElse(0));
        }
        out.println();
        printRow(header, widths);
        rows.forEach(row -> printRow(row, widths));
        StringBuilder totals = new StringBuilder();
        report.counts().forEach((status, n) -> {
            if (n > 0) {
                totals.append(totals.isEmpty() ? "" : ", ").append(n).append(' ').append(status.label());
            }
        });
        out.printf("%nBatch of %d model%s: %s in %s; report: %s%n", report.models().size(),
                report.models().size() == 1 ? "" : "s", totals, seconds(report.wallMillis()), reportFile);
        out.flush();
    }

    /** The output when it was written, else the log when there is one, else nothing to look at. */
    private static String whereToLook(ModelOutcome m) {
        return m.output().map(Path::toString).or(() -> m.log().map(log -> "log: " + log)).orElse("-");
    }

    private void printRow(String[] cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            line.append(i == cells.length - 1 ? cells[i] : String.format("%-" + widths[i] + "s  ", cells[i]));
        }
        out.println(line.toString().stripTrailing());
    }

    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}

package dev.starfish.runtime.report;

import java.util.ArrayList;
import java.util.List;

/** The per-job table the console shows when a compile is done: job, wall time, tool CPU, peak RSS. */
public final class SummaryTable {

    private static final String[] HEADER = {"job", "wall", "tool CPU", "peak RSS"};

    private SummaryTable() {
    }

    /** The table's lines, columns padded: the job left-aligned, the numbers right-aligned. */
    public static List<String> lines(List<JobTotals> jobs) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (JobTotals job : jobs) {
            rows.add(new String[] {job.job() + (job.outcome() == Outcome.SUCCEEDED ? "" : " (" + job.outcome().label() + ")"),
                Units.millis(job.wallMillis()), Units.toolCpu(job), Units.peakRss(job)});
        }
        int[] widths = new int[HEADER.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(pad(row[0], widths[0], false));
            for (int i = 1; i < row.length; i++) {
                line.append("  ").append(pad(row[i], widths[i], true));
            }
            lines.add(line.toString());
        }
        return lines;
    }

    private static String pad(String text, int width, boolean right) {
        String fill = " ".repeat(width - text.length());
        return right ? fill + text : text + fill;
    }
}

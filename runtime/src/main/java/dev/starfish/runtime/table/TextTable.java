package dev.starfish.runtime.table;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints rows (the first is the header) as left-aligned columns two spaces apart, and can make
 * a table fit a width by shortening the cells of chosen columns in the middle ({@code /opt/…/bin/tool}),
 * where a path keeps both what it is under and what it names.
 */
public final class TextTable {

    public static final String ELLIPSIS = "…";
    private static final int GAP = 2;
    private static final int MIN_CELL = 12;

    private TextTable() {
    }

    public static void print(PrintWriter out, List<List<String>> rows) {
        int[] widths = widths(rows);
        for (List<String> row : rows) {
            out.println(line(row, widths));
        }
    }

    /** One row as a line of the table whose column widths are {@code widths}. */
    public static String line(List<String> row, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < row.size(); i++) {
            String cell = row.get(i);
            line.append(cell);
            if (i < row.size() - 1) {
                // padded by hand: String.format per cell was a tenth of `jobs` with a thousand plugins
                line.append(" ".repeat(Math.max(0, widths[i] + GAP - cell.length())));
            }
        }
        return line.toString().stripTrailing();
    }

    /** Where column {@code column} starts in a line of the table whose column widths are {@code widths}. */
    public static int start(int[] widths, int column) {
        int start = 0;
        for (int i = 0; i < column; i++) {
            start += widths[i] + GAP;
        }
        return start;
    }

    public static int[] widths(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        return widths;
    }

    /**
     * The rows with the cells of {@code shrinkable} columns shortened in the middle, widest column
     * first, until a line is at most {@code maxWidth} wide (or those columns are down to a few
     * characters). Headers are never shortened.
     */
    public static List<List<String>> fit(List<List<String>> rows, int maxWidth, List<Integer> shrinkable) {
        int[] widths = widths(rows);
        int[] limits = widths.clone();
        int total = total(widths);
        while (total > maxWidth) {
            int widest = -1;
            for (int column : shrinkable) {
                int floor = Math.max(MIN_CELL, rows.get(0).get(column).length());
                if (limits[column] > floor && (widest < 0 || limits[column] > limits[widest])) {
                    widest = column;
                }
            }
            if (widest < 0) {
                break;
            }
            int floor = Math.max(MIN_CELL, rows.get(0).get(widest).length());
            int cut = Math.min(total - maxWidth, limits[widest] - floor);
            limits[widest] -= cut;
            total -= cut;
        }
        List<List<String>> fitted = new ArrayList<>();
        fitted.add(rows.get(0));
        for (List<String> row : rows.subList(1, rows.size())) {
            List<String> cells = new ArrayList<>(row);
            for (int column : shrinkable) {
                cells.set(column, shorten(cells.get(column), limits[column]));
            }
            fitted.add(cells);
        }
        return fitted;
    }

    private static int total(int[] widths) {
        int sum = 0;
        for (int w : widths) {
            sum += w;
        }
        return sum + GAP * (widths.length - 1);
    }

    /** {@code text} at most {@code width} characters long, its middle replaced by {@value #ELLIPSIS}. */
    public static String shorten(String text, int width) {
        if (text.length() <= width) {
            return text;
        }
        int keep = width - ELLIPSIS.length();
        int tail = (keep + 1) / 2;
        return text.substring(0, keep - tail) + ELLIPSIS + text.substring(text.length() - tail);
    }
}

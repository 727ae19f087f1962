package dev.starfish.runtime.cli;

import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.Column.Overflow;
import picocli.CommandLine.Help.TextTable;

/**
 * A help table whose text columns wrap at spaces only. Picocli's own table breaks wherever
 * {@link java.text.BreakIterator}'s line rules allow, which is after {@code . , : ; ? %} and before
 * {@code [} too: {@code ~/.cache/starfish} came out as {@code ~/.} and {@code cache/starfish},
 * {@code conf/starfish.properties} as {@code conf/starfish.} and {@code properties}, and a word too
 * long for its column was cut wherever the column ended. Here a line ends only where the text has a
 * space, so a path, an option or a value can be copied from the help whole; a word longer than its
 * column gets a line of its own and runs past the column's edge (a terminal shows it soft-wrapped,
 * and copies it as one word).
 */
final class SpaceWrappedTable extends TextTable {

    SpaceWrappedTable(ColorScheme colorScheme, Column... columns) {
        super(colorScheme, columns);
    }

    @Override
    public Cell putValue(int row, int col, Text value) {
        Column[] columns = columns();
        Column column = columns[col];
        boolean wraps = column.overflow == Overflow.WRAP
                || column.overflow == Overflow.SPAN && col == columns.length - 1;
        if (value == null || !wraps || value.plainString().isEmpty()) {
            return super.putValue(row, col, value);
        }
        String plain = value.plainString();
        int indent = column.indent;
        int at = 0;
        int line = row;
        while (true) {
            int end = lineEnd(plain, at, column.width - indent);
            write(value.substring(at, end), textAt(line, col), indent);
            at = skipSpaces(plain, end);
            if (at >= plain.length()) {
                return new Cell(col, line);
            }
            addEmptyRow();
            line++;
            indent = column.indent + indentWrappedLines;
        }
    }

    /**
     * Where the line that starts at {@code from} ends: after the last word that still fits in
     * {@code room} characters, or after the first word when even that does not fit.
     */
    static int lineEnd(String text, int from, int room) {
        int end = wordEnd(text, from);
        while (end < text.length()) {
            int next = wordEnd(text, end);
            if (next - from > room) {
                break;
            }
            end = next;
        }
        return end;
    }

    /** The end of the word after the spaces at {@code from}. */
    private static int wordEnd(String text, int from) {
        int i = skipSpaces(text, from);
        while (i < text.length() && text.charAt(i) != ' ') {
            i++;
        }
        return i;
    }

    private static int skipSpaces(String text, int from) {
        int i = from;
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /** Appends {@code piece}, with its styles, to {@code cell} from column {@code indent} on; it may run past the cell. */
    private static void write(Text piece, Text cell, int indent) {
        // a substring's styles are indexed into its parent's text: concatenated to an empty text they start at 0
        Text whole = cell.substring(0, 0).concat(piece);
        whole.getStyledChars(0, whole.plainString().length(), cell, indent);
    }

    /** As picocli's, except that a cell longer than its column (one long word) is not padded. */
    @Override
    public StringBuilder toString(StringBuilder text) {
        Column[] columns = columns();
        StringBuilder row = new StringBuilder();
        for (int r = 0; r < rowCount(); r++) {
            for (int c = 0; c < columns.length; c++) {
                Text cell = textAt(r, c);
                row.append(cell);
                row.append(" ".repeat(Math.max(0, columns[c].width - cell.plainString().length())));
            }
            int end = row.length();
            while (end > 0 && row.charAt(end - 1) == ' ') {
                end--;
            }
            row.setLength(end);
            text.append(row).append(System.lineSeparator());
            row.setLength(0);
        }
        return text;
    }
}

package dev.starfish.runtime.invocation;

/**
 * What the caller's standard streams are: which of them is a terminal, and the terminal's width in
 * columns ({@code 0} when unknown; the caller's {@code COLUMNS} then decides, else 80).
 */
public record Terminal(boolean stdinIsTerminal, boolean stdoutIsTerminal, boolean stderrIsTerminal, int columns) {

    public Terminal {
        if (columns < 0) {
            throw new IllegalArgumentException("columns is negative: " + columns);
        }
    }

    /** No terminal anywhere, width unknown: a pipe or a file on every stream. */
    public static Terminal none() {
        return new Terminal(false, false, false, 0);
    }
}

package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.log.ConsoleText;
import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One status line on a terminal, redrawn in place on {@link #redraw} and twice a second, cut to
 * the terminal's width, and erased once. It ends in a newline and is redrawn by moving the cursor
 * up one line and erasing it ({@link #UP_AND_ERASE}), so that a line-oriented reader of the
 * terminal's output (a logger, {@code script}) gets each state as a whole line, never one held
 * back by a bare carriage return. The cursor moves cannot pass the console's
 * {@link dev.starfish.runtime.log.EscapingOutputStream}, so it writes to the terminal directly and
 * escapes the text itself. The text comes from its owner, called without this line's lock held by
 * the owner's own updates (they call {@link #redraw} after releasing theirs).
 */
public final class StatusLine {

    public static final String UP_AND_ERASE = "\u001b[1A\u001b[2K";

    private final PrintWriter terminal;
    private final int width;
    private final Supplier<String> text;
    private final ScheduledExecutorService ticker;
    private boolean drawn;
    private boolean erased;

    /**
     * @param terminal where the line is drawn
     * @param width the terminal's width in columns (at least 20 is assumed)
     * @param threadName the name of the daemon thread that redraws it twice a second
     * @param text the line's text now
     */
    public StatusLine(PrintWriter terminal, int width, String threadName, Supplier<String> text) {
        this.terminal = requireNonNull(terminal, "terminal is null");
        this.width = Math.max(20, width);
        this.text = requireNonNull(text, "text is null");
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, threadName);
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(this::redraw, 500, 500, TimeUnit.MILLISECONDS);
    }

    /** Draws the line's text now, in place of the line drawn before; nothing once erased. */
    public synchronized void redraw() {
        if (erased) {
            return;
        }
        String line = ConsoleText.line(text.get());
        if (line.length() >= width) {
            line = line.substring(0, width - 2) + "…";
        }
        terminal.print((drawn ? UP_AND_ERASE : "") + line + "\n");
        terminal.flush();
        drawn = true;
    }

    /** Stops redrawing and erases the line; false when it was erased before (so its owner closes once). */
    public synchronized boolean erase() {
        if (erased) {
            return false;
        }
        erased = true;
        ticker.shutdownNow();
        if (drawn) {
            terminal.print(UP_AND_ERASE);
            terminal.flush();
        }
        return true;
    }
}

package dev.starfish.runtime.log;

/**
 * Control characters of text Starfish did not write itself (a model's file name, a tool's output,
 * a plugin's message) shown as visible escapes, so such text cannot clear the screen, set the
 * terminal's title, move the cursor or fake a line: {@code \x1b}, {@code \r}, {@code \n},
 * {@code \x07}, and C1 controls as {@code \u009b}. Tabs stay. The one owner of that escape, for
 * the console ({@link EscapingOutputStream}) and the compile log alike.
 */
public final class ConsoleText {

    private ConsoleText() {
    }

    /** {@code text} as one line: every control character but tab escaped, line ends included. */
    public static String line(String text) {
        return escape(text, false);
    }

    /** {@code text} for the log file: like {@link #line} but its line ends kept (a message may span lines). */
    public static String keepingLineEnds(String text) {
        return escape(text, true);
    }

    /** Whether {@code c} is shown escaped (tab and, where kept, newline are not). */
    static boolean isEscaped(int c, boolean keepNewline) {
        return c != '\t' && !(keepNewline && c == '\n') && (c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0);
    }

    /** How {@code c}, a control character, is shown. */
    static String shown(int c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            default -> c < 0x80 ? String.format("\\x%02x", c) : String.format("\\u%04x", c);
        };
    }

    private static String escape(String text, boolean keepNewline) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isEscaped(c, keepNewline)) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(shown(c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}

package dev.starfish.runtime.launch;

/** How a tool's output line is prefixed when it is written into the log. */
public enum OutputPrefix {
    /** The line as the tool wrote it. */
    NONE,
    /** {@code walrus_driver: line} — the tool's file name. */
    TOOL,
    /** {@code walrus_driver[stderr]: line} — the tool's file name and the stream. */
    TOOL_AND_STREAM;

    /**
     * The line as the log shows it. A line that already starts with {@code tool:} (tools often
     * name themselves, {@code walrus_driver: error: ...}) does not get the name again: with
     * {@code TOOL} it stays as it is, with {@code TOOL_AND_STREAM} only the stream is inserted
     * ({@code walrus_driver[stderr]: error: ...}).
     */
    String apply(String tool, String stream, String line) {
        if (this == NONE || !line.startsWith(tool + ":")) {
            return prefix(tool, stream) + line;
        }
        return this == TOOL ? line : tool + "[" + stream + "]" + line.substring(tool.length());
    }

    /** The prefix for a line of {@code stream} ({@code stdout} or {@code stderr}) written by {@code tool}. */
    String prefix(String tool, String stream) {
        return switch (this) {
            case NONE -> "";
            case TOOL -> tool + ": ";
            case TOOL_AND_STREAM -> tool + "[" + stream + "]: ";
        };
    }
}

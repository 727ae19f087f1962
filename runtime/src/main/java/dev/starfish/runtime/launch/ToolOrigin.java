package dev.starfish.runtime.launch;

/** Where a tool was resolved from, as {@code starfish jobs} shows it. */
public enum ToolOrigin {
    /** {@code starfish/bin/private}, searched first; overrides a shipped tool. */
    PRIVATE("private"),
    /** The calling plugin's bundled tools directory. */
    PLUGIN("plugin"),
    /** {@code starfish/bin}, the shipped tools. */
    BIN("bin"),
    /** An absolute path, used as is. */
    ABSOLUTE("absolute");

    private final String label;

    ToolOrigin(String label) {
        this.label = label;
    }

    /** The lower-case label: {@code private}, {@code plugin}, {@code bin} or {@code absolute}. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}

package dev.starfish.api;

/** The two execution classes of the seed's §1. */
public enum JobKind {
    /** Spawns a native tool through the host's {@link Launcher}. */
    NATIVE("native"),
    /** Runs plain Java (and perhaps its own JNI library) in the driver's process. */
    IN_PROCESS("in-process");

    private final String label;

    JobKind(String label) {
        this.label = label;
    }

    /** The label used in tables and JSON. */
    public String label() {
        return label;
    }
}

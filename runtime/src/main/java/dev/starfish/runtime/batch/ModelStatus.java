package dev.starfish.runtime.batch;

import java.util.Locale;

/** How one model of a batch ended. */
public enum ModelStatus {
    /** Compiled; its output is in place. */
    OK,
    /** Its compile failed (or its Slurm task failed); the others went on. */
    FAILED,
    /** It was running when the batch was stopped; its unfinished output was removed. */
    INTERRUPTED,
    /** It never ran (the batch was stopped first, or Slurm cancelled its task). */
    CANCELLED;

    /** The name in reports and on the console: {@code ok}, {@code failed}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ModelStatus parse(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}

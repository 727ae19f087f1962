package dev.starfish.api;

/**
 * What plugin code gets instead of ending the driver. The host rewrites every call of
 * {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} in a plugin's classes, as it
 * loads them, into a call of the methods here, which throw this error: the job fails, the compile
 * (or the batch) ends as any failed one does (exit 1, its report written), and the console's line
 * names the job and the code it asked for. Only the driver's {@code main} ends the JVM.
 */
public final class SystemExitError extends Error {
    private static final long serialVersionUID = 1L;

    private final int status;

    private SystemExitError(String call, int status) {
        super(call + "(" + status + ")");
        this.status = status;
    }

    /** The exit code the plugin asked for. */
    public int status() {
        return status;
    }

    /** Replaces {@code System.exit(status)}. */
    public static void exit(int status) {
        throw new SystemExitError("System.exit", status);
    }

    /** Replaces {@code runtime.exit(status)}. */
    public static void exit(Runtime runtime, int status) {
        throw new SystemExitError("Runtime.exit", status);
    }

    /** Replaces {@code runtime.halt(status)}. */
    public static void halt(Runtime runtime, int status) {
        throw new SystemExitError("Runtime.halt", status);
    }
}

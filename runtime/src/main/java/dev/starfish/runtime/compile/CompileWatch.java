package dev.starfish.runtime.compile;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Who stops a running compile when the driver is interrupted (a signal, or plugin code calling
 * {@code System.exit}): a single compile installs its own {@link CompileGuard}; a batch installs
 * one guard for all its compiles and hands it to each of them, since the JVM has one handler per
 * signal and one exit.
 */
public interface CompileWatch {

    /**
     * Starts watching one compile, from the moment it holds its work directory and log file.
     *
     * @param request the compile
     * @param runningJobs describes the jobs of the compile running now ({@code job X (x.jar)}), or empty
     */
    Watched watch(CompileRequest request, Supplier<String> runningJobs);

    /**
     * Starts watching one compile that writes its own report when it is stopped: once the driver is
     * stopped under it and its tools are stopped, {@code onInterrupt} is called (from the shutdown
     * hook) with what stopped it ({@code SIGINT}, or {@code null} for plugin code calling
     * {@code System.exit}). A watch that reports its compiles itself (a batch) ignores it.
     */
    default Watched watch(CompileRequest request, Supplier<String> runningJobs, Consumer<String> onInterrupt) {
        return watch(request, runningJobs);
    }

    /** One watched compile; closing it says the compile ended (finished or failed) by itself. */
    interface Watched extends AutoCloseable {

        /** The signal that stopped the driver ({@code SIGTERM}), or {@code null}. */
        String interruptedBy();

        /**
         * Waits until a stop under way has recorded its outcome: the compile's own thread calls it
         * before it closes its log, so the stop's last line still reaches that log.
         */
        default void awaitStopRecorded() {
        }

        @Override
        void close();
    }
}

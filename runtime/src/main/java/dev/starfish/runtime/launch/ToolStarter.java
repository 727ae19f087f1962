package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * How the launcher starts a tool under supervision: through a {@code starfish-exec} process per
 * tool ({@link ShimStarter}) or through the launcher's long-lived {@link SpawnServer}. Both give
 * the tool the same guarantees (see starfish-bin/shim/README.md) and report its end the same way.
 */
interface ToolStarter {

    /**
     * Starts {@code command} (argv already resolved) with {@code grace} between SIGTERM and SIGKILL;
     * every complete line of its stdout and (unless merged) stderr goes to the sinks, in order.
     *
     * @throws IOException when the tool's supervisor could not be started or reached; its message
     *         says so in full (it becomes the run's failure text)
     */
    StartedTool start(Command command, Duration grace, Consumer<String> stdout, Consumer<String> stderr)
            throws IOException;

    /** A tool that was handed to its supervisor. Thread-safe. */
    interface StartedTool {

        /** Waits for the end of the run; all output has reached the sinks when it returns. */
        ToolEnding await() throws InterruptedException;

        /** From any thread: the supervisor sends the tool's process group SIGTERM, then SIGKILL after the grace. */
        void stop();

        /**
         * Waits until {@code deadline} ({@link System#nanoTime}) whatever interrupts (the flag is
         * restored), then gives up on the supervisor as far as it can; returns how the run ended.
         */
        ToolEnding awaitUntil(long deadline);
    }
}

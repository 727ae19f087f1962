package dev.starfish.runtime.launch;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The runs a launcher (and the plugin launchers made from it) has in flight, and whether it was
 * stopped. Once stopped, no run is admitted again. Thread-safe; used by job threads and by the
 * thread that stops the launcher, which may be a JVM shutdown hook.
 */
final class RunningTools {

    private final Set<ToolExecution> running = new HashSet<>();
    private String stopReason;

    /** Admits a run; empty when admitted, else the reason the launcher was stopped. */
    synchronized Optional<String> admit(ToolExecution execution) {
        if (stopReason == null) {
            running.add(execution);
        }
        return Optional.ofNullable(stopReason);
    }

    synchronized void finished(ToolExecution execution) {
        running.remove(execution);
        notifyAll();
    }

    /** Why the launcher was stopped; empty while it runs tools. */
    synchronized Optional<String> stopReason() {
        return Optional.ofNullable(stopReason);
    }

    /** Stops admitting runs (the first reason is kept) and returns the runs in flight. */
    synchronized List<ToolExecution> stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
        return new ArrayList<>(running);
    }

    /** Waits until no run is in flight or the deadline ({@link System#nanoTime}) passes; true when none is. */
    synchronized boolean awaitNone(long deadline) throws InterruptedException {
        while (!running.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }
}

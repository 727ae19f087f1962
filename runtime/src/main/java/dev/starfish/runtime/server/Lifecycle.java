package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.time.Duration;
import java.util.Optional;

/**
 * When the server should exit: after {@code idle} without a request, once idle after a client asked
 * it to (another build of the installation took over), or once idle when its heap stays near its
 * limit after a full collection (a server that keeps growing is replaced, not kept).
 */
final class Lifecycle {

    static final double HEAP_PRESSURE = 0.9;
    static final int HEAP_CHECKS = 3;

    private final ServerState state;
    private final Duration idle;
    private final PrintStream log;
    private int pressedChecks;

    Lifecycle(ServerState state, Duration idle, PrintStream log) {
        this.state = requireNonNull(state, "state is null");
        this.idle = requireNonNull(idle, "idle is null");
        this.log = requireNonNull(log, "log is null");
    }

    /** How often to ask {@link #exitReason}: a tenth of the idle time, between 10 ms and 5 s. */
    Duration checkEvery() {
        return Duration.ofMillis(Math.max(10, Math.min(5_000, idle.toMillis() / 10)));
    }

    /** Why the server should exit now, or empty. */
    Optional<String> exitReason() {
        if (state.running() > 0) {
            return Optional.empty();
        }
        if (state.stopRequested()) {
            return Optional.of("asked to exit when idle");
        }
        if (state.idleFor().compareTo(idle) >= 0) {
            return Optional.of("no request for " + describe(idle) + " (server.idle.minutes)");
        }
        return heapPressure();
    }

    private Optional<String> heapPressure() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        if (heap.getMax() <= 0 || heap.getUsed() < HEAP_PRESSURE * heap.getMax()) {
            pressedChecks = 0;
            return Optional.empty();
        }
        System.gc();
        heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        if (heap.getUsed() < HEAP_PRESSURE * heap.getMax()) {
            pressedChecks = 0;
            return Optional.empty();
        }
        log.printf("starfish-server: heap %d of %d MB used after a full collection%n", heap.getUsed() >> 20,
                heap.getMax() >> 20);
        return ++pressedChecks >= HEAP_CHECKS ? Optional.of("its heap stayed above " + (int) (HEAP_PRESSURE * 100)
                + "% of its limit after collection (" + (heap.getUsed() >> 20) + " of " + (heap.getMax() >> 20)
                + " MB)") : Optional.empty();
    }

    /** The idle time of {@code server.idle.minutes} (fractions allowed; at least 100 ms, at most a week). */
    static Duration idleOf(String minutes) {
        double value;
        try {
            value = Double.parseDouble(minutes.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("server.idle.minutes=" + minutes + " is not a number of minutes");
        }
        if (!(value > 0) || value > 7 * 24 * 60) {
            throw new IllegalArgumentException("server.idle.minutes=" + minutes
                    + " is out of range (more than 0, at most 10080: a week)");
        }
        return Duration.ofMillis(Math.max(100, Math.round(value * 60_000)));
    }

    private static String describe(Duration duration) {
        long seconds = duration.toSeconds();
        return seconds >= 60 && seconds % 60 == 0 ? seconds / 60 + " min" : duration.toMillis() / 1000.0 + " s";
    }
}

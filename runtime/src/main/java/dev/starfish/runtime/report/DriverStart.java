package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;

/**
 * Where a compile's report measures from: the timeline's zero, the page's total and the console's
 * {@code Compiled … in N ms} are all the span from here to the report's end. The span from here to
 * the first job is the report's start-up band.
 *
 * @param wallClock the moment, by the wall clock
 * @param nanos the same moment on the {@link System#nanoTime()} scale
 * @param since what the moment is, for the band's label: {@code the process start}
 */
public record DriverStart(Instant wallClock, long nanos, String since) {

    public DriverStart {
        requireNonNull(wallClock, "wallClock is null");
        requireNonNull(since, "since is null");
    }

    /**
     * The start of this process (the JVM's, from the operating system, else from the JVM itself):
     * for a compile that is the process's only one, so the band holds the JVM's start-up,
     * loading the plugins and planning.
     */
    public static DriverStart ofProcess() {
        Instant now = Instant.now();
        long nowNanos = System.nanoTime();
        Instant started = ProcessHandle.current().info().startInstant()
                .orElseGet(() -> Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime()));
        long before = Math.max(0, Duration.between(started, now).toNanos());
        return new DriverStart(started, nowNanos - before, "the process start");
    }

    /** Now: for a compile among several in one process (a batch), measured from its own start. */
    public static DriverStart ofCompile() {
        return new DriverStart(Instant.now(), System.nanoTime(), "the compile's start");
    }
}

package dev.starfish.runtime.server;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** What the server has done and is doing: for its status, its log and its decision to exit when idle. */
final class ServerState {

    private final Path socket;
    private final String build;
    private final Instant started = Instant.now();
    private final AtomicLong served = new AtomicLong();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicLong lastActivityNanos = new AtomicLong(System.nanoTime());
    private final AtomicBoolean stopWhenIdle = new AtomicBoolean();
    private final String startWarning;

    /**
     * {@code startWarning} (empty for none) is what bin/starfish found wrong as it started this
     * server (a class-data archive changed in place): every command served says it, as every
     * command the script runs itself does.
     */
    ServerState(Path socket, String build, String startWarning) {
        this.socket = socket;
        this.build = build;
        this.startWarning = startWarning;
    }

    String startWarning() {
        return startWarning;
    }

    void requestStarted() {
        running.incrementAndGet();
        lastActivityNanos.set(System.nanoTime());
    }

    void requestEnded() {
        served.incrementAndGet();
        lastActivityNanos.set(System.nanoTime());
        running.decrementAndGet();
    }

    int running() {
        return running.get();
    }

    /** How long no request has run (zero while one runs). */
    Duration idleFor() {
        return running.get() > 0 ? Duration.ZERO : Duration.ofNanos(System.nanoTime() - lastActivityNanos.get());
    }

    void stopWhenIdle() {
        stopWhenIdle.set(true);
    }

    boolean stopRequested() {
        return stopWhenIdle.get();
    }

    Path socket() {
        return socket;
    }

    /** The status as {@code starfish server status --json} shows it. */
    Map<String, Object> status() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("pid", ProcessHandle.current().pid());
        status.put("build", build);
        status.put("socket", socket.toString());
        status.put("started", started.toString());
        status.put("uptimeSeconds", Duration.between(started, Instant.now()).toSeconds());
        status.put("requestsServed", served.get());
        status.put("requestsRunning", running.get());
        status.put("heapUsedBytes", heap.getUsed());
        status.put("heapMaxBytes", heap.getMax());
        status.put("stopWhenIdle", stopWhenIdle.get());
        return status;
    }
}

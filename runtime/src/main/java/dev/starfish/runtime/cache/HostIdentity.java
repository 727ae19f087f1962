package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Who holds a lock: the host name (from the kernel, no DNS), the process id and the process's
 * start time, which tells a live holder from a later process that reused its pid.
 *
 * @param host the host name
 * @param pid the process id
 * @param start the process's start time in epoch milliseconds, or -1 when unknown
 */
record HostIdentity(String host, long pid, long start) {

    HostIdentity {
        requireNonNull(host, "host is null");
    }

    /** This process. */
    static HostIdentity current() {
        return new HostIdentity(hostName(), ThisProcess.PID, ThisProcess.START);
    }

    /** This process's pid and start time, read once (from /proc): they do not change while it runs. */
    private static final class ThisProcess {
        static final long PID = ProcessHandle.current().pid();
        static final long START = startOf(ProcessHandle.current()).orElse(-1L);
    }

    /** Whether the process this identity names still runs; only meaningful for this host. */
    boolean isAlive() {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return false;
        }
        Optional<Long> started = startOf(process.get());
        // the kernel counts start times in clock ticks: two readings agree within one second
        return start < 0 || started.isEmpty() || Math.abs(started.get() - start) < 1000;
    }

    private static Optional<Long> startOf(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toEpochMilli);
    }

    private static String hostName() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).trim();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (IOException e) {
            // not Linux: fall back below
        }
        String env = System.getenv("HOSTNAME");
        return env != null && !env.isBlank() ? env.trim() : "localhost";
    }

    /** A name part for files this process creates: no {@code /}, no whitespace. */
    String fileTag() {
        return safeHost() + "." + pid;
    }

    /** The host name with every character but letters, digits, {@code .}, {@code _} and {@code -} replaced. */
    String safeHost() {
        return host.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}

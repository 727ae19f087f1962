package dev.starfish.runtime.launch;

import dev.starfish.api.ExitStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code key=value} report {@code starfish-exec} gives when the tool is done: written to
 * {@code --report FILE} by the per-spawn shim, sent as an {@code R} frame by the spawn server
 * (format: starfish-bin/shim/src/report.h). A key that is missing reads as its default; a number
 * that is not one is rejected naming the key, the value and the report.
 *
 * @param status how the tool ended
 * @param userCpuMillis user CPU of the tool and its waited-for children
 * @param systemCpuMillis system CPU likewise
 * @param maxRssKb peak resident set in KiB
 * @param wallMillis wall-clock time as the shim measured it, -1 when not reported
 * @param cpuLimitExceeded whether {@code RLIMIT_CPU} stopped it
 * @param timedOut whether the wall-clock timeout killed it
 * @param error why it failed to start, else empty
 */
record ShimReport(ExitStatus status, long userCpuMillis, long systemCpuMillis, long maxRssKb, long wallMillis,
        boolean cpuLimitExceeded, boolean timedOut, String error) {

    /** Reads a report; empty when the shim wrote none (it failed before the tool ran). */
    static Optional<ShimReport> read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the process report " + file, e);
        }
        if (!text.contains("status=")) {
            return Optional.empty();
        }
        return Optional.of(parse(text, "process report " + file));
    }

    /**
     * Parses a report's text; {@code source} names it in messages, e.g. {@code process report /dev/shm/...}.
     *
     * @throws IllegalStateException when it has no status, an unknown one, or a number that is not one
     */
    static ShimReport parse(String text, String source) {
        Map<String, String> values = new HashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        String status = values.get("status");
        if (status == null) {
            throw new IllegalStateException(source + " has no status line, expected status=exited, signaled or"
                    + " failed_to_start");
        }
        ExitStatus exit = switch (status) {
            case "exited" -> ExitStatus.exited((int) number(values, "exit_code", -1, source));
            case "signaled" -> ExitStatus.signaled((int) number(values, "signal", 0, source),
                    values.getOrDefault("signal_name", ""));
            case "failed_to_start" -> ExitStatus.failedToStart();
            default -> throw new IllegalStateException(source + " has status '" + status
                    + "', expected exited, signaled or failed_to_start");
        };
        return new ShimReport(exit, number(values, "user_cpu_ms", 0, source), number(values, "sys_cpu_ms", 0, source),
                number(values, "max_rss_kb", 0, source), number(values, "wall_ms", -1, source),
                "1".equals(values.get("cpu_limit_exceeded")), "1".equals(values.get("timed_out")),
                values.getOrDefault("error", ""));
    }

    private static long number(Map<String, String> values, String key, long fallback, String source) {
        String text = values.get(key);
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(source + " has " + key + "='" + text + "', expected a whole number"
                    + " (starfish-exec writes one; the shim and the launcher disagree on the format)");
        }
    }
}

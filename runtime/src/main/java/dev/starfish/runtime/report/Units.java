package dev.starfish.runtime.report;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * How the console and the HTML page show times and sizes. Plain arithmetic, not
 * {@code String.format}: a cold {@code Formatter} costs the driver tens of milliseconds.
 */
public final class Units {

    private Units() {
    }

    /** {@code 840 ms}, {@code 1.25 s}, {@code 2 min 05 s}. */
    public static String millis(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return fixed(millis / 1000.0, 2) + " s";
        }
        long seconds = millis / 1000;
        return seconds / 60 + " min " + (seconds % 60 < 10 ? "0" : "") + seconds % 60 + " s";
    }

    /** {@code 812 KiB}, {@code 12.3 MiB}, {@code 1.50 GiB}. */
    public static String kib(long kib) {
        if (kib < 1024) {
            return kib + " KiB";
        }
        if (kib < 1024 * 1024) {
            return fixed(kib / 1024.0, 1) + " MiB";
        }
        return fixed(kib / (1024.0 * 1024.0), 2) + " GiB";
    }

    /** A non-negative number with {@code decimals} (1 or 2) digits after the point, rounded half up. */
    static String fixed(double value, int decimals) {
        long scale = decimals == 1 ? 10 : 100;
        long scaled = Math.round(value * scale);
        String fraction = Long.toString(scaled % scale);
        return scaled / scale + "." + "0".repeat(decimals - fraction.length()) + fraction;
    }

    /** A job's tool CPU, or {@code -} when it started no tool. */
    public static String toolCpu(JobTotals totals) {
        return totals.tools() == 0 ? "-" : millis(totals.cpuMillis());
    }

    /** A job's peak RSS, or {@code -} when it started no tool. */
    public static String peakRss(JobTotals totals) {
        return totals.tools() == 0 ? "-" : kib(totals.maxRssKb());
    }

    /** {@code 2026-11-30T11:46:50.997Z}: ISO-8601, UTC, to the millisecond. */
    public static String timestamp(Instant at) {
        LocalDateTime utc = LocalDateTime.ofInstant(at, ZoneOffset.UTC);
        return utc.getYear() + "-" + two(utc.getMonthValue()) + "-" + two(utc.getDayOfMonth()) + "T" + two(utc.getHour())
                + ":" + two(utc.getMinute()) + ":" + two(utc.getSecond()) + "."
                + Integer.toString(1000 + utc.getNano() / 1_000_000).substring(1) + "Z";
    }

    private static String two(int value) {
        return value < 10 ? "0" + value : Integer.toString(value);
    }
}

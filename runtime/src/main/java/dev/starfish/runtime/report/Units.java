package dev.starfish.runtime.report;

import java.util.Locale;

/** How the console and the HTML page show times and sizes. */
public final class Units {

    private Units() {
    }

    /** {@code 840 ms}, {@code 1.25 s}, {@code 2 min 05 s}. */
    public static String millis(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.2f s", millis / 1000.0);
        }
        long seconds = millis / 1000;
        return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
    }

    /** {@code 812 KiB}, {@code 12.3 MiB}, {@code 1.50 GiB}. */
    public static String kib(long kib) {
        if (kib < 1024) {
            return kib + " KiB";
        }
        if (kib < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", kib / 1024.0);
        }
        return String.format(Locale.ROOT, "%.2f GiB", kib / (1024.0 * 1024.0));
    }

    /** A job's tool CPU, or {@code -} when it started no tool. */
    public static String toolCpu(JobTotals totals) {
        return totals.tools() == 0 ? "-" : millis(totals.cpuMillis());
    }

    /** A job's peak RSS, or {@code -} when it started no tool. */
    public static String peakRss(JobTotals totals) {
        return totals.tools() == 0 ? "-" : kib(totals.maxRssKb());
    }
}

package dev.starfish.runtime.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The timeline of {@code report.html} as inline SVG: one band per track (thread), jobs on the
 * top lane of their thread, steps below them or alone on a subgraph worker's band; each bar has
 * a tooltip ({@code <title>}) with its times and usage. No script, no external resource.
 */
final class TimelineSvg {

    private static final int WIDTH = 1100;
    private static final int LABEL = 170;
    private static final int LANE = 20;
    private static final int GAP = 8;

    private TimelineSvg() {
    }

    static String of(CompileReport report) {
        Map<Long, CompileReport.Track> tracks = report.tracks();
        double scale = (WIDTH - LABEL - 10) / (double) Math.max(1, report.wallMicros());
        StringBuilder bars = new StringBuilder();
        int y = 24;
        for (Map.Entry<Long, CompileReport.Track> entry : tracks.entrySet()) {
            long thread = entry.getKey();
            List<JobEnd> jobs = report.jobs().stream().filter(j -> j.start().worker().threadId() == thread).toList();
            List<StepEnd> steps = report.steps().stream().filter(s -> s.start().worker().threadId() == thread).toList();
            int lanes = jobs.isEmpty() ? 1 : 2;
            bars.append(String.format(Locale.ROOT, "<text class=\"track\" x=\"4\" y=\"%d\">%s</text>%n",
                    y + 14, HtmlText.escape(entry.getValue().name())));
            for (JobEnd job : jobs) {
                bar(bars, report, scale, y, "job" + (job.failure().isPresent() ? " failed" : ""), job.start().job(),
                        job.start().nanos(), job.nanos(), job.start().job() + ": " + Units.millis(job.wallNanos() / 1_000_000)
                                + job.failure().map(f -> " (failed)").orElse(""));
            }
            for (StepEnd step : steps) {
                int lane = jobs.stream().anyMatch(j -> j.start().nanos() <= step.start().nanos()
                        && j.nanos() >= step.nanos()) ? 1 : 0;
                String name = step.start().job() + (step.start().subgraph().isEmpty() ? "" : " " + step.start().subgraph());
                bar(bars, report, scale, y + lane * LANE, "step " + step.start().kind().replace(' ', '-')
                        + (step.failure().isPresent() ? " failed" : ""), name, step.start().nanos(), step.nanos(),
                        tooltip(name, step));
            }
            y += lanes * LANE + GAP;
        }
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                + "height=\"%d\" role=\"img\" aria-label=\"timeline of the compile\">%n", WIDTH, y + 4));
        svg.append(axis(report, scale));
        svg.append(bars);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static String axis(CompileReport report, double scale) {
        StringBuilder axis = new StringBuilder();
        long wall = Math.max(1, report.wallMicros());
        for (int i = 0; i <= 4; i++) {
            long at = wall * i / 4;
            double x = LABEL + at * scale;
            axis.append(String.format(Locale.ROOT, "<line class=\"tick\" x1=\"%.1f\" y1=\"18\" x2=\"%.1f\" y2=\"100%%\"/>"
                    + "<text class=\"tick\" x=\"%.1f\" y=\"12\">%s</text>%n", x, x, x, Units.millis(at / 1000)));
        }
        return axis.toString();
    }

    private static void bar(StringBuilder out, CompileReport report, double scale, int y, String css, String label,
            long startNanos, long endNanos, String title) {
        double x = LABEL + report.micros(startNanos) * scale;
        double width = Math.max(1.0, (report.micros(endNanos) - report.micros(startNanos)) * scale);
        out.append(String.format(Locale.ROOT, "<g class=\"%s\"><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
                + "height=\"%d\"/>", css, HtmlText.escape(title), x, y, width, LANE - 3));
        if (width > 60) {
            out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 3, y + 13,
                    HtmlText.escape(label)));
        }
        out.append("</g>\n");
    }

    private static String tooltip(String name, StepEnd step) {
        List<String> parts = new ArrayList<>();
        parts.add(name + ": " + Units.millis(step.wallNanos() / 1_000_000));
        step.tool().ifPresent(usage -> {
            parts.add(usage.status().describe());
            parts.add("tool CPU " + Units.millis(usage.cpuMillis()));
            parts.add("peak RSS " + Units.kib(usage.maxRssKb()));
        });
        step.failure().ifPresent(f -> parts.add("failed"));
        return String.join("; ", parts);
    }
}

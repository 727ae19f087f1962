package dev.starfish.runtime.report;

import java.util.ArrayList;
import java.util.List;
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
            bars.append("<text class=\"track\" x=\"4\" y=\"").append(y + 14).append("\">")
                    .append(HtmlText.escape(entry.getValue().name())).append("</text>\n");
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
        svg.append("<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH)
                .append("\" height=\"").append(y + 4).append("\" role=\"img\" aria-label=\"timeline of the compile\">\n");
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
            String at1 = Units.fixed(x, 1);
            axis.append("<line class=\"tick\" x1=\"").append(at1).append("\" y1=\"18\" x2=\"").append(at1)
                    .append("\" y2=\"100%\"/><text class=\"tick\" x=\"").append(at1).append("\" y=\"12\">")
                    .append(Units.millis(at / 1000)).append("</text>\n");
        }
        return axis.toString();
    }

    private static void bar(StringBuilder out, CompileReport report, double scale, int y, String css, String label,
            long startNanos, long endNanos, String title) {
        double x = LABEL + report.micros(startNanos) * scale;
        double width = Math.max(1.0, (report.micros(endNanos) - report.micros(startNanos)) * scale);
        out.append("<g class=\"").append(css).append("\"><title>").append(HtmlText.escape(title))
                .append("</title><rect x=\"").append(Units.fixed(x, 1)).append("\" y=\"").append(y)
                .append("\" width=\"").append(Units.fixed(width, 1)).append("\" height=\"").append(LANE - 3)
                .append("\"/>");
        if (width > 60) {
            out.append("<text x=\"").append(Units.fixed(x + 3, 1)).append("\" y=\"").append(y + 13).append("\">")
                    .append(HtmlText.escape(label)).append("</text>");
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

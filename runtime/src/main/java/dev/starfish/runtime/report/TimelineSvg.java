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
    static final String STARTUP = "driver start-up";

    private TimelineSvg() {
    }

    static String of(CompileReport report) {
        Map<Long, CompileReport.Track> tracks = report.tracks();
        double scale = (WIDTH - LABEL - 10) / (double) Math.max(1, report.wallMicros());
        StringBuilder bars = new StringBuilder();
        int y = 24;
        startup(bars, report, scale, y);
        for (Map.Entry<Long, CompileReport.Track> entry : tracks.entrySet()) {
            long thread = entry.getKey();
            List<JobEnd> jobs = report.jobs().stream().filter(j -> j.start().worker().threadId() == thread).toList();
            List<StepEnd> steps = report.steps().stream().filter(s -> s.start().worker().threadId() == thread).toList();
            int lanes = jobs.isEmpty() ? 1 : 2;
            bars.append("<text class=\"track\" x=\"4\" y=\"").append(y + 14).append("\">")
                    .append(HtmlText.escape(entry.getValue().name())).append("</text>\n");
            for (JobEnd job : jobs) {
                bar(bars, report, scale, y, "job" + state(job.outcome()), job.start().job(),
                        job.start().nanos(), job.nanos(), job.start().job() + ": " + Units.millis(job.wallNanos() / 1_000_000)
                                + (job.outcome() == Outcome.SUCCEEDED ? "" : " (" + job.outcome().label() + ")"));
            }
            for (StepEnd step : steps) {
                int lane = jobs.stream().anyMatch(j -> j.start().nanos() <= step.start().nanos()
                        && j.nanos() >= step.nanos()) ? 1 : 0;
                String name = step.start().job() + (step.start().subgraph().isEmpty() ? "" : " " + step.start().subgraph());
                bar(bars, report, scale, y + lane * LANE, "step " + step.start().kind().replace(' ', '-')
                        + state(step.outcome()), name, step.start().nanos(), step.nanos(),
                        tooltip(name, step));
            }
            y += lanes * LANE + GAP;
        }
        StringBuilder svg = new StringBuilder();
        int height = Math.max(y + 4, 40);
        svg.append("<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"timeline of the compile\">\n");
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
                    .append("\" y2=\"100%\"/><text class=\"tick\" x=\"").append(at1).append("\" y=\"12\"")
                    // the last label ends at its tick, so it stays inside the picture
                    .append(i == 4 ? " text-anchor=\"end\">" : ">")
                    .append(Units.millis(at / 1000)).append("</text>\n");
        }
        return axis.toString();
    }

    /**
     * What the bars mean: each swatch is a bar of that kind drawn by the page's own rules, so the
     * legend cannot show another colour than the timeline.
     */
    static String legend(CompileReport report) {
        StringBuilder legend = new StringBuilder("<ul id=\"legend\">\n");
        String[][] entries = {{"startup", STARTUP + ": from " + report.origin().since() + " to " + report.startupEnd()},
            {"job", "job (the top row of its thread's band)"}, {"step native", "tool step (the row below its job)"},
            {"step in-process", "in-process step"}, {"step native failed", "failed"},
            {"step native interrupted", "interrupted (the compile was stopped)"}};
        for (String[] entry : entries) {
            legend.append("<li><svg class=\"swatch\" width=\"14\" height=\"12\" viewBox=\"0 0 14 12\" aria-hidden=\"true\">")
                    .append("<g class=\"").append(entry[0]).append("\"><rect width=\"14\" height=\"12\"/></g></svg> ")
                    .append(HtmlText.escape(entry[1])).append("</li>\n");
        }
        return legend.append("</ul>\n").toString();
    }

    /** The band from the report's origin (the process start) to the first job, on the first track's top lane. */
    private static void startup(StringBuilder out, CompileReport report, double scale, int y) {
        long micros = report.startupMicros();
        String title = STARTUP + ": " + Units.millis(micros / 1000) + ", from " + report.origin().since()
                + " to " + report.startupEnd();
        bar(out, report, scale, y, "startup", STARTUP, report.origin().nanos(), report.origin().nanos() + micros * 1000,
                title);
    }

    /** The classes of a bar that did not succeed: {@code failed} or {@code interrupted}. */
    private static String state(Outcome outcome) {
        return outcome == Outcome.SUCCEEDED ? "" : " " + outcome.label();
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
        if (step.outcome() != Outcome.SUCCEEDED) {
            parts.add(step.outcome().label());
        }
        return String.join("; ", parts);
    }
}

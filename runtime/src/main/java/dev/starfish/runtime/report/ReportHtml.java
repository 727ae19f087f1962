package dev.starfish.runtime.report;

import static dev.starfish.runtime.report.HtmlText.escape;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, a Content-Security-Policy
 * that forbids every fetch) with the compile's timeline, the per-job table (wall time, tool CPU,
 * peak RSS), every step, and the failures with their replay scripts. It opens from the work
 * directory in any browser, offline.
 */
public final class ReportHtml {

    public static final String CSP = "default-src 'none'; style-src 'unsafe-inline'";

    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1b1b1b}
            h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.6em}
            table{border-collapse:collapse}td,th{padding:2px 10px;border-bottom:1px solid #ddd;text-align:left}
            td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
            code,pre{font:12px/1.35 ui-monospace,monospace}pre{background:#f6f6f6;padding:.6em;white-space:pre-wrap}
            .ok{color:#1a7f37}.bad{color:#c62828;font-weight:600}
            svg text{font:11px system-ui,sans-serif}svg text.tick{fill:#777}svg line.tick{stroke:#e4e4e4}
            svg .job rect{fill:#9ab6d8}svg .step rect{fill:#4f7fb8}svg .step.in-process rect{fill:#7aa37a}
            svg .startup rect{fill:#b9b9b9}
            svg g.step.failed rect,svg g.job.failed rect{fill:#d9534f}
            svg g.step.interrupted rect,svg g.job.interrupted rect{fill:#e39b2d}
            svg g text{fill:#fff;pointer-events:none}svg text.track{fill:#333}
            #legend{list-style:none;padding:0;margin:.4em 0}#legend li{display:inline-block;margin-right:1.4em}
            #jobs td,#steps td:not(:last-child){white-space:nowrap}
            """;

    private ReportHtml() {
    }

    public static String of(CompileReport report) {
        StringBuilder html = new StringBuilder(16_384);
        String model = String.valueOf(report.model().getFileName());
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CSP).append("\">\n")
                .append("<title>starfish compile ").append(escape(model)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        html.append("<h1>starfish compile ").append(escape(model)).append("</h1>\n<p id=\"outcome\"><span class=\"")
                .append(report.succeeded() ? "ok\">" : "bad\">").append(report.outcome().label()).append("</span> in ")
                .append(Units.millis(report.wallMicros() / 1000)).append(" (from ").append(escape(report.origin().since()))
                .append(" to the report) &middot; started <time>").append(Units.timestamp(report.startedAt()))
                .append("</time> &middot; starfish ")
                .append(escape(report.starfishVersion())).append("</p>\n");
        html.append("<p>model <code>").append(escape(report.model().toString())).append("</code>");
        report.plan().ifPresent(plan -> html.append(" &rarr; <code>").append(escape(plan.output().toString()))
                .append("</code>, -j ").append(plan.parallelism()));
        html.append("<br>work directory <code>").append(escape(report.workDir().toString())).append("</code></p>\n");
        cache(html, report.cache());
        failures(html, report);
        html.append("<h2>Timeline</h2>\n").append(TimelineSvg.of(report)).append(TimelineSvg.legend(report));
        jobs(html, report);
        steps(html, report);
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    private static void cache(StringBuilder html, CacheUse cache) {
        html.append("<p id=\"cache\">compile cache <b>").append(escape(cache.outcome())).append("</b>");
        cache.key().ifPresent(key -> html.append(", key <code>").append(escape(key)).append("</code>"));
        if (cache.hit()) {
            html.append(": no job ran; the .neff was copied from the entry <code>")
                    .append(escape(cache.entry().map(Object::toString).orElse("?"))).append("</code>");
        }
        html.append("</p>\n");
    }

    private static void failures(StringBuilder html, CompileReport report) {
        if (report.succeeded()) {
            return;
        }
        html.append("<h2>Failures</h2>\n<div id=\"failures\">\n<pre class=\"failure\">")
                .append(escape(report.failure().get())).append("</pre>\n");
        for (StepEnd step : report.failedSteps()) {
            StepStart start = step.start();
            html.append("<div class=\"failed-step\" data-job=\"").append(escape(start.job())).append("\"><p>step ")
                    .append(start.id()).append(": job <b>").append(escape(start.job())).append("</b>")
                    .append(start.subgraph().isEmpty() ? "" : " on subgraph " + escape(start.subgraph()));
            step.tool().ifPresent(usage -> html.append(", ").append(escape(usage.status().describe())));
            html.append("</p>\n");
            // the compile's failure, shown above, most often holds this step's: show a step's text only when it does not
            step.failure().filter(text -> !report.failure().get().contains(text))
                    .ifPresent(text -> html.append("<pre>").append(escape(text)).append("</pre>\n"));
            html.append("<p>").append(replay(start, "re-run it by hand: ")).append("</p>\n");
            html.append("</div>\n");
        }
        html.append("</div>\n");
    }

    /** The step's replay script when it is still there, else why it is not. */
    private static String replay(StepStart start, String lead) {
        return start.keptReplayScript().map(p -> lead + "<code class=\"replay\">" + escape(p.toString()) + "</code>")
                .orElse(start.replayScript().isPresent()
                        ? "<span class=\"removed\">replay script removed after the compile; rerun with --keep-temps to keep it</span>" : "");
    }

    private static void jobs(StringBuilder html, CompileReport report) {
        html.append("<h2>Jobs</h2>\n<table id=\"jobs\">\n<tr><th>#</th><th>job</th><th class=\"n\">steps</th>")
                .append("<th class=\"n\">wall</th><th class=\"n\">tool CPU</th><th class=\"n\">peak RSS</th>")
                .append("<th>status</th></tr>\n");
        html.append("<tr class=\"startup\"><td class=\"n\"></td><td>").append(TimelineSvg.STARTUP)
                .append(" (from ").append(escape(report.origin().since())).append(" to ")
                .append(escape(report.startupEnd())).append(")</td>")
                .append("<td class=\"n\">-</td><td class=\"n\">").append(Units.millis(report.startupMicros() / 1000))
                .append("</td><td class=\"n\">-</td><td class=\"n\">-</td><td></td></tr>\n");
        Map<String, Integer> index = new HashMap<>();
        report.jobs().forEach(j -> index.put(j.start().job(), j.start().index()));
        for (JobTotals job : report.totals()) {
            html.append("<tr class=\"job\" data-job=\"").append(escape(job.job())).append("\"><td class=\"n\">")
                    .append(index.getOrDefault(job.job(), 0)).append("</td><td>").append(escape(job.job()))
                    .append("</td><td class=\"n\">").append(job.steps()).append("</td><td class=\"n\">")
                    .append(Units.millis(job.wallMillis())).append("</td><td class=\"n\">").append(Units.toolCpu(job))
                    .append("</td><td class=\"n\">").append(Units.peakRss(job)).append("</td><td")
                    .append(job.failure().isPresent() ? " class=\"bad\">" + job.outcome().label() : " class=\"ok\">ok")
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void steps(StringBuilder html, CompileReport report) {
        Map<Long, CompileReport.Track> tracks = report.tracks();
        html.append("<h2>Steps</h2>\n<table id=\"steps\">\n<tr><th class=\"n\">#</th><th>job</th><th>subgraph</th>")
                .append("<th>thread</th><th class=\"n\">start</th><th class=\"n\">wall</th><th>exit</th>")
                .append("<th class=\"n\">tool CPU</th><th class=\"n\">peak RSS</th><th>command or action</th></tr>\n");
        report.steps().stream().sorted(Comparator.comparingLong(s -> s.start().id())).forEach(step -> {
            StepStart start = step.start();
            html.append("<tr class=\"step\" data-job=\"").append(escape(start.job())).append("\"><td class=\"n\">")
                    .append(start.id()).append("</td><td>").append(escape(start.job())).append("</td><td>")
                    .append(escape(start.subgraph())).append("</td><td>")
                    .append(escape(tracks.get(start.worker().threadId()).name())).append("</td><td class=\"n\">")
                    .append(Units.millis(report.micros(start.nanos()) / 1000)).append("</td><td class=\"n\">")
                    .append(Units.millis(step.wallNanos() / 1_000_000)).append("</td><td")
                    .append(step.failure().isPresent() ? " class=\"bad\">" : ">")
                    .append(escape(step.tool().map(u -> u.status().describe())
                            .orElse(step.failure().isPresent() ? step.outcome().label() : "-")))
                    .append("</td><td class=\"n\">").append(step.tool().map(u -> Units.millis(u.cpuMillis())).orElse("-"))
                    .append("</td><td class=\"n\">").append(step.tool().map(u -> Units.kib(u.maxRssKb())).orElse("-"))
                    .append("</td><td><code>").append(escape(start.action())).append("</code>")
                    .append(start.replayScript().isPresent() ? "<br>" + replay(start, "replay: ") : "")
                    .append("</td></tr>\n");
        });
        html.append("</table>\n");
    }
}

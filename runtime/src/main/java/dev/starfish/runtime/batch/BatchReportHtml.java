package dev.starfish.runtime.batch;

import static dev.starfish.runtime.report.HtmlText.escape;

import dev.starfish.runtime.report.ReportHtml;
import dev.starfish.runtime.report.ReportWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code batch-report.html}, written beside {@code batch-report.json}: one self-contained page
 * (inline CSS, the Content-Security-Policy of {@code report.html}, which forbids every fetch and
 * script) with one row per model: status, time, cache outcome, why it failed, and a relative link
 * to the model's own {@code report.html} when it has one. Every text is escaped.
 */
final class BatchReportHtml {

    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1b1b1b}h1{font-size:1.3em}
            table{border-collapse:collapse}td,th{padding:2px 10px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
            td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}code{font:12px/1.35 ui-monospace,monospace}
            .ok{color:#1a7f37}.failed,.interrupted,.cancelled{color:#c62828;font-weight:600}
            """;

    private BatchReportHtml() {
    }

    /** The page's file: the JSON report's name with {@code .html} for {@code .json}. */
    static Path fileFor(Path jsonReport) {
        String name = jsonReport.getFileName().toString();
        String stem = name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return jsonReport.resolveSibling(stem + ".html");
    }

    /** The page of {@code report}, with links relative to {@code dir}, the directory it is written in. */
    static String of(BatchReport report, Path dir) {
        StringBuilder html = new StringBuilder(4096);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(ReportHtml.CSP).append("\">\n")
                .append("<title>starfish batch</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
                .append("<h1>starfish batch of ").append(report.models().size()).append(" model")
                .append(report.models().size() == 1 ? "" : "s").append("</h1>\n<p id=\"totals\">");
        report.counts().forEach((status, n) -> html.append(n).append(' ').append(status.label()).append(" &middot; "));
        html.append(BatchConsole.seconds(report.wallMillis())).append(" &middot; started ")
                .append(escape(report.start().toString())).append(" &middot; ").append(escape(report.executor()))
                .append(" on ").append(escape(report.host())).append(" &middot; starfish ")
                .append(escape(report.driverVersion())).append("</p>\n<table id=\"models\">\n<tr><th>model</th>")
                .append("<th>status</th><th class=\"n\">time</th><th>cache</th><th>report</th><th>cause</th></tr>\n");
        for (ModelOutcome m : report.models()) {
            html.append("<tr class=\"model\"><td><code>").append(escape(m.model().toString())).append("</code></td><td class=\"")
                    .append(m.status().label()).append("\">").append(m.status().label()).append("</td><td class=\"n\">")
                    .append(BatchConsole.seconds(m.wallMillis())).append("</td><td>").append(escape(m.cache()))
                    .append("</td><td>").append(link(m, dir)).append("</td><td>")
                    .append(escape(m.error().orElse(""))).append("</td></tr>\n");
        }
        html.append("</table>\n</body>\n</html>\n");
        return html.toString();
    }

    /** A relative link to the model's {@code report.html}, or {@code -} when it has none. */
    private static String link(ModelOutcome m, Path dir) {
        Path page = m.item().workDir().resolve(ReportWriter.REPORT_HTML);
        if (!Files.isRegularFile(page, LinkOption.NOFOLLOW_LINKS)) {
            return "-";
        }
        return href(dir.toAbsolutePath().normalize().relativize(page.toAbsolutePath().normalize()))
                .map(href -> "<a href=\"" + escape(href) + "\">report.html</a>").orElse("-");
    }

    /** The relative path as a URI reference: every character a path may not hold ({@code #}, {@code ?}, space) quoted. */
    private static Optional<String> href(Path relative) {
        try {
            return Optional.of(new URI(null, null, relative.toString().replace('\\', '/'), null).getRawPath());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}

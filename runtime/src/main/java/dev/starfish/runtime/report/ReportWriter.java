package dev.starfish.runtime.report;

import dev.starfish.runtime.json.JsonTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes a compile's {@code report.json}, {@code trace.json} and {@code report.html} into its work
 * directory, each through {@link AtomicReplace} (a new private temporary file written through the
 * handle that created it, then renamed): a reader never sees half a file, and a symbolic link
 * planted under one of these names, or at a temporary name, is replaced or refused, never followed.
 */
public final class ReportWriter {

    public static final String REPORT_JSON = "report.json";
    public static final String TRACE_JSON = "trace.json";
    public static final String REPORT_HTML = "report.html";

    private ReportWriter() {
    }

    /**
     * Writes the three files and returns their paths.
     *
     * @throws UncheckedIOException naming the file that could not be written and why
     */
    public static List<Path> write(CompileReport report) {
        Path dir = report.workDir();
        AtomicReplace atomic = new AtomicReplace();
        Path json = replace(atomic, dir.resolve(REPORT_JSON), JsonTrees.pretty(ReportJson.of(report)) + "\n");
        Path trace = replace(atomic, dir.resolve(TRACE_JSON), JsonTrees.compact(TraceJson.of(report)) + "\n");
        Path html = replace(atomic, dir.resolve(REPORT_HTML), ReportHtml.of(report));
        return List.of(json, trace, html);
    }

    private static Path replace(AtomicReplace atomic, Path target, String text) {
        try {
            atomic.replace(target, text);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the compile report " + target + ": " + reason(e), e);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason().toLowerCase(Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}

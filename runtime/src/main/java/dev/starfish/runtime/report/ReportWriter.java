package dev.starfish.runtime.report;

import dev.starfish.runtime.json.JsonTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes a compile's {@code report.json}, {@code trace.json} and {@code report.html} into its work
 * directory, each through a temporary file and an atomic rename: a reader never sees half a file,
 * and a symbolic link planted under one of these names is replaced, never followed.
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
        Path json = replace(dir.resolve(REPORT_JSON), JsonTrees.pretty(ReportJson.of(report)) + "\n");
        Path trace = replace(dir.resolve(TRACE_JSON), JsonTrees.compact(TraceJson.of(report)) + "\n");
        Path html = replace(dir.resolve(REPORT_HTML), ReportHtml.of(report));
        return List.of(json, trace, html);
    }

    private static Path replace(Path target, String text) {
        Path temp = null;
        try {
            temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + "-", ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            deleteQuietly(temp);
            throw new UncheckedIOException("cannot write the compile report " + target + ": " + reason(e), e);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void deleteQuietly(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // a stray temporary file in the work directory is harmless
        }
    }
}

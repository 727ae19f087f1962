package dev.starfish.runtime.batch;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Refuses, before anything runs, a batch report that would land on a file of the batch itself:
 * a model, an output, a work directory (or anything in one, such as a log). Paths are compared
 * as the kernel would open them: the longest existing part resolved through its links, so
 * {@code --report link-to-model.hlo} or {@code --report sub/../m.neff} is caught too.
 */
public final class ReportTarget {

    private ReportTarget() {
    }

    /**
     * Checks the JSON report and the page written beside it ({@link BatchReportHtml#fileFor}).
     *
     * @throws InvalidInputException naming the report and the file of the batch it would overwrite
     */
    public static void refuseClash(Path report, List<BatchItem> items) {
        refuseClashOf(report, items);
        refuseClashOf(BatchReportHtml.fileFor(report), items);
    }

    private static void refuseClashOf(Path report, List<BatchItem> items) {
        Path target = resolved(report);
        for (BatchItem item : items) {
            String clash = null;
            if (target.equals(resolved(item.model()))) {
                clash = "the model " + item.model();
            } else if (target.equals(resolved(item.output()))) {
                clash = "the output " + item.output() + " of model " + item.model();
            } else if (target.equals(resolved(item.logFile()))) {
                clash = "the log " + item.logFile() + " of model " + item.model();
            } else if (target.startsWith(resolved(item.workDir()))) {
                clash = "the work directory " + item.workDir() + " of model " + item.model();
            }
            if (clash != null) {
                throw new InvalidInputException("the report " + report + " would overwrite " + clash
                        + "; give --report a file outside the batch's models, outputs and work directories");
            }
        }
    }

    /** The path with its longest existing prefix resolved through links; the rest as written. */
    static Path resolved(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + existing + ": " + e.getMessage(), e);
        }
    }
}

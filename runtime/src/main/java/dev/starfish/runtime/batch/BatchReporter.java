package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * Ends a batch the same way whichever executor ran it and however it ended: writes
 * {@code batch-report.json} and {@code batch-report.html} beside it, and prints the summary table.
 */
public final class BatchReporter implements Consumer<List<ModelOutcome>> {

    private final String driverVersion;
    private final String executor;
    private final Path reportFile;
    private final BatchConsole console;
    private final Instant start = Instant.now();
    private final long startNanos = System.nanoTime();

    public BatchReporter(String driverVersion, String executor, Path reportFile, BatchConsole console) {
        this.driverVersion = requireNonNull(driverVersion, "driverVersion is null");
        this.executor = requireNonNull(executor, "executor is null");
        this.reportFile = requireNonNull(reportFile, "reportFile is null");
        this.console = requireNonNull(console, "console is null");
    }

    @Override
    public void accept(List<ModelOutcome> outcomes) {
        BatchReport report = new BatchReport(driverVersion, executor, HostName.local(), start,
                (System.nanoTime() - startNanos) / 1_000_000, outcomes);
        BatchReportJson.write(reportFile, report);
        Path page = BatchReportHtml.fileFor(reportFile);
        BatchReportJson.replace(page, BatchReportHtml.of(report, page.toAbsolutePath().getParent()), "the batch report page");
        console.summary(report, reportFile);
    }
}

package dev.starfish.runtime.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The console's progress displays, fed by real step events. */
class TerminalProgressTest {

    private static final Path WORK = Path.of("/w");

    @Test
    void theStatusLineNamesTheJobAndItsRunningSubgraphsAndIsErasedBeforeTheTable() {
        StringWriter text = new StringWriter();
        TerminalProgress progress = new TerminalProgress(new PrintWriter(text), 200);
        StepEvents events = new StepEvents(progress);
        events.planned(plan("Lower", "Pack"));
        JobStart lower = events.jobStarted("Lower");
        events.inProcess("Lower", "sg07", "lower", List::of, () -> assertThat(lastLine(text))
                .startsWith("[1/2] Lower  running sg07  elapsed "));
        events.jobFinished(lower, Optional.empty());
        JobStart pack = events.jobStarted("Pack");
        events.jobFinished(pack, Optional.of("job Pack failed"));
        progress.close();
        progress.close();

        String out = text.toString();
        String afterStatus = out.substring(out.lastIndexOf(TerminalProgress.UP_AND_ERASE)
                + TerminalProgress.UP_AND_ERASE.length());
        assertThat(afterStatus.lines().toList()).hasSize(3).satisfies(lines -> {
            assertThat(lines.get(0)).contains("job").contains("peak RSS");
            assertThat(lines.get(1)).startsWith("Lower ").endsWith("-");
            assertThat(lines.get(2)).startsWith("Pack (failed) ");
        });
    }

    @Test
    void aStatusLineWiderThanTheTerminalIsCutToOneLine() {
        StringWriter text = new StringWriter();
        try (TerminalProgress progress = new TerminalProgress(new PrintWriter(text), 30)) {
            StepEvents events = new StepEvents(progress);
            events.planned(plan("AVeryLongJobNameThatGoesOnAndOn"));
            events.jobStarted("AVeryLongJobNameThatGoesOnAndOn");
            assertThat(lastLine(text)).hasSizeLessThan(30).endsWith("…");
        }
    }

    @Test
    void plainProgressPrintsOneLinePerFinishedJobWithoutControlCharacters() {
        StringWriter text = new StringWriter();
        StepEvents events = new StepEvents(new PlainProgress(new PrintWriter(text)));
        events.planned(plan("Split", "Check"));
        events.jobFinished(events.jobStarted("Split"), Optional.empty());
        events.jobFinished(events.jobStarted("Check"), Optional.of("job Check failed"));

        assertThat(text.toString()).doesNotContain("\u001b");
        assertThat(text.toString().lines()).satisfiesExactly(
                line -> assertThat(line).matches("\\[1/2\\] Split done in \\d+ ms \\(0 steps\\)"),
                line -> assertThat(line).matches("\\[2/2\\] Check failed after \\d+ ms \\(0 steps\\)"));
    }

    @Test
    void theTableAlignsNumbersRightAndShowsUnitsThatFit() {
        List<String> lines = SummaryTable.lines(List.of(
                new JobTotals("Tensorize", 1_250_000_000L, 2, 2, 900, 350, 12_595, Optional.empty()),
                new JobTotals("Split", 3_000_000L, 1, 0, 0, 0, 0, Optional.empty())));
        assertThat(lines).containsExactly(
                "job          wall  tool CPU  peak RSS",
                "Tensorize  1.25 s    1.25 s  12.3 MiB",
                "Split        3 ms         -         -");
    }

    private static PlannedCompile plan(String... jobs) {
        return new PlannedCompile(WORK.resolve("m.hlo"), WORK.resolve("m.neff"), WORK, 1, java.util.Arrays.stream(jobs)
                .map(name -> new PlannedCompile.PlannedJob(name, "in-process", Optional.empty(), false, List.of(),
                        List.of(), List.of())).toList());
    }

    private static String lastLine(StringWriter text) {
        List<String> lines = text.toString().lines().toList();
        String last = lines.get(lines.size() - 1);
        return last.substring(last.lastIndexOf(TerminalProgress.UP_AND_ERASE) < 0 ? 0
                : last.lastIndexOf(TerminalProgress.UP_AND_ERASE) + TerminalProgress.UP_AND_ERASE.length());
    }
}

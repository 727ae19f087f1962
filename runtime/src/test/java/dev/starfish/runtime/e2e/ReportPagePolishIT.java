package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.report.CompileRecorder;
import dev.starfish.runtime.report.JobEnd;
import dev.starfish.runtime.report.JobStart;
import dev.starfish.runtime.report.ReportWriter;
import dev.starfish.runtime.report.StepEnd;
import dev.starfish.runtime.report.StepStart;
import dev.starfish.runtime.report.Units;
import dev.starfish.runtime.report.Worker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What report.html shows, as Chromium lays it out (issue 24, defect 11): one compile of a two-head
 * model, its page measured once ({@link PageProbe}), and a failed and an interrupted compile.
 */
class ReportPagePolishIT {

    private static final AssembledDistribution DIST = AssembledDistribution.built();
    private static final HeadlessChromium CHROMIUM = HeadlessChromium.installed();
    private static final Pattern CONSOLE_WALL = Pattern.compile("\\(\\d+ subgraphs?, (\\d+) ms\\)");

    @TempDir
    static Path shared;

    private static AssembledDistribution.Run run;
    private static JsonNode report;
    private static JsonNode page;

    @TempDir
    Path cwd;

    @BeforeAll
    static void compileOnceAndMeasureItsPage() throws IOException {
        run = DIST.run(shared, "compile", DIST.example("mlp_two_heads.hlo").toString(), "-j", "2");
        assertThat(run.exitCode()).as("%s", run).isZero();
        report = new ObjectMapper().readTree(shared.resolve("mlp_two_heads.work/report.json").toFile());
        page = PageProbe.measure(CHROMIUM, shared.resolve("mlp_two_heads.work/report.html"), shared.resolve("probe"));
    }

    @Test
    void theConsoleAndThePageShowOneSpanFromTheProcessStartWithTheStartUpLabelled() {
        Matcher console = CONSOLE_WALL.matcher(run.stdout());
        assertThat(console.find()).as("the console's summary line: %s", run.stdout()).isTrue();
        long consoleMillis = Long.parseLong(console.group(1));
        assertThat(report.path("wall_us").asLong() / 1000).as("report.json's wall time is the console's")
                .isEqualTo(consoleMillis);
        assertThat(page.path("outcome").asText()).as("the page's total is the console's")
                .containsPattern("succeeded in " + java.util.regex.Pattern.quote(Units.millis(consoleMillis))
                        + " \\(from (the process start|the server's receipt of the request)");
        String since = page.path("outcome").asText().contains("the server's receipt of the request")
                ? "the server's receipt of the request" : "the process start";
        long firstJob = report.path("jobs").get(0).path("start_us").asLong();
        JsonNode startup = bars("startup").get(0);
        assertThat(startup.path("title").asText()).as("the band before the first job says what it is")
                .isEqualTo("driver start-up: " + Units.millis(firstJob / 1000) + ", from " + since + " to the first job");
        assertThat(texts(page.path("jobRows"))).as("the jobs table has the start-up as a row")
                .anyMatch(row -> row.contains("driver start-up (from " + since + " to the first job)\t-\t"
                        + Units.millis(firstJob / 1000) + "\t"));
    }

    @Test
    void everyAxisLabelLiesInsideTheTimelinesViewBox() {
        JsonNode box = page.path("box");
        assertThat(page.path("ticks")).hasSize(5);
        for (JsonNode tick : page.path("ticks")) {
            assertThat(tick.path("x").asDouble()).as("left of %s", tick).isGreaterThanOrEqualTo(box.path("x").asDouble());
            assertThat(tick.path("x").asDouble() + tick.path("w").asDouble()).as("right of %s in %s", tick, box)
                    .isLessThanOrEqualTo(box.path("x").asDouble() + box.path("w").asDouble());
            assertThat(tick.path("y").asDouble()).as("top of %s", tick).isGreaterThanOrEqualTo(box.path("y").asDouble());
        }
    }

    @Test
    void theLegendNamesEveryKindOfBarInTheColourItIsDrawnIn() {
        assertThat(texts(page.path("legend").findValues("text"))).satisfiesExactly(
                t -> assertThat(t).startsWith("driver start-up"), t -> assertThat(t).startsWith("job"),
                t -> assertThat(t).startsWith("tool step"), t -> assertThat(t).startsWith("in-process step"),
                t -> assertThat(t).startsWith("failed"), t -> assertThat(t).startsWith("interrupted"));
        assertThat(legendFill(page, "driver start-up")).isEqualTo(bars("startup").get(0).path("fill").asText());
        assertThat(legendFill(page, "job")).isEqualTo(bars("job").get(0).path("fill").asText());
        assertThat(legendFill(page, "tool step")).isEqualTo(bars("step native").get(0).path("fill").asText());
        assertThat(legendFill(page, "in-process step")).isEqualTo(bars("step in-process").get(0).path("fill").asText());
        assertThat(List.of(legendFill(page, "failed"), legendFill(page, "interrupted"), legendFill(page, "tool step"),
                legendFill(page, "in-process step"))).as("four colours").doesNotHaveDuplicates();
    }

    @Test
    void onlyReplayScriptsThatStillExistAreListedAndTheRemovedOnesSaySo() {
        assertThat(texts(page.path("scripts"))).as("replay scripts listed").allSatisfy(script ->
                assertThat(Path.of(script)).as("a listed replay script exists").isRegularFile());
        assertThat(texts(page.path("removed"))).as("SaveTemps removed the native steps' scripts").isNotEmpty()
                .allMatch("replay script removed after the compile; rerun with --keep-temps to keep it"::equals);
    }

    @Test
    void theStartTimeIsIso8601ToTheMillisecond() {
        assertThat(page.path("outcome").asText())
                .containsPattern("started \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z ");
    }

    @Test
    void noCellOfTheJobsOrStepsTableWrapsOntoASecondLine() {
        assertThat(page.path("cells")).as("cells measured").hasSizeGreaterThan(20);
        assertThat(page.path("cells")).as("cells wrapped over lines").allSatisfy(cell ->
                assertThat(cell.path("lines").asInt()).as("%s", cell).isLessThanOrEqualTo(1));
        assertThat(texts(page.path("cells").findValues("text"))).contains("exit status 0");
    }

    @Test
    void theFailureTextOfAFailedToolIsShownOnce() throws IOException {
        AssembledDistribution copy = DIST.copyTo(cwd.resolve("dist"));
        Path tool = copy.home().resolve("starfish/bin/private/hlo-neff-wrapper");
        Files.writeString(tool, "#!/bin/sh\nexit 7\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        AssembledDistribution.Run failed = copy.run(cwd, "compile", copy.example("mlp.hlo").toString());
        assertThat(failed.exitCode()).as("%s", failed).isEqualTo(1);
        String message = "Child process job \"NeffWrapper\" exited abnormally! exit status 7";

        JsonNode failedPage = PageProbe.measure(CHROMIUM, cwd.resolve("mlp.work/report.html"), cwd.resolve("probe"));

        String failures = failedPage.path("failures").asText();
        assertThat(failures.split(Pattern.quote(message), -1)).as("the message in %s", failures).hasSize(2);
        assertThat(failures).contains("exit status 7").contains(cwd.resolve("mlp.work/replay_NeffWrapper.sh").toString());
    }

    @Test
    void aFailedInProcessStepIsDrawnFailedAndAnInterruptedStepInItsOwnColour() throws IOException {
        Worker main = new Worker(1, "main");
        long t = System.nanoTime();
        CompileRecorder recorder = new CompileRecorder(cwd.resolve("m.hlo"), cwd, "test");
        JobStart kelper = new JobStart("Kelper", 1, main, t);
        StepStart kelperStep = new StepStart(1, "Kelper", "", "in-process", "lowers the model", Optional.empty(), main, t);
        recorder.jobStarted(kelper);
        recorder.stepStarted(kelperStep);
        recorder.stepFinished(new StepEnd(kelperStep, t + 40_000_000, Optional.empty(), Optional.of("Kelper broke"),
                List.of()));
        recorder.jobFinished(new JobEnd(kelper, t + 40_000_000, Optional.of("Kelper broke")));
        JobStart walrus = new JobStart("WalrusDriver", 2, main, t + 41_000_000);
        recorder.jobStarted(walrus);
        recorder.stepStarted(new StepStart(2, "WalrusDriver", "sg00", "native", "exec walrus_driver",
                Optional.of(cwd.resolve("replay.sh")), main, t + 42_000_000));
        ReportWriter.write(recorder.interrupted("the compile was interrupted (SIGINT)"));

        JsonNode drawn = PageProbe.measure(CHROMIUM, cwd.resolve("report.html"), cwd.resolve("probe"));

        assertThat(fill(drawn, "step in-process failed")).as("the failed in-process step in the failed job's colour")
                .isEqualTo(fill(drawn, "job failed"));
        String failedFill = legendFill(drawn, "failed");
        String interruptedFill = legendFill(drawn, "interrupted");
        assertThat(fill(drawn, "step in-process failed")).as("the failed in-process step").isEqualTo(failedFill);
        assertThat(fill(drawn, "step native interrupted")).as("the interrupted tool step").isEqualTo(interruptedFill);
        assertThat(fill(drawn, "job interrupted")).as("the interrupted job").isEqualTo(interruptedFill);
        assertThat(interruptedFill).isNotEqualTo(failedFill).isNotEqualTo(legendFill(drawn, "in-process step"));
    }

    private static List<JsonNode> bars(String css) {
        List<JsonNode> found = new ArrayList<>();
        page.path("bars").forEach(bar -> {
            if (bar.path("cls").asText().equals(css)) {
                found.add(bar);
            }
        });
        assertThat(found).as("bars of class %s in %s", css, page.path("bars")).isNotEmpty();
        return found;
    }

    private static String fill(JsonNode measured, String css) {
        for (JsonNode bar : measured.path("bars")) {
            if (bar.path("cls").asText().equals(css)) {
                return bar.path("fill").asText();
            }
        }
        throw new AssertionError("no bar of class " + css + " in " + measured.path("bars"));
    }

    private static String legendFill(JsonNode measured, String entry) {
        for (JsonNode item : measured.path("legend")) {
            if (item.path("text").asText().startsWith(entry)) {
                return item.path("fill").asText();
            }
        }
        throw new AssertionError("no legend entry " + entry + " in " + measured.path("legend"));
    }

    private static List<String> texts(Iterable<JsonNode> nodes) {
        List<String> texts = new ArrayList<>();
        nodes.forEach(n -> texts.add(n.asText()));
        return texts;
    }
}

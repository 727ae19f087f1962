package dev.starfish.runtime.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.starfish.runtime.e2e.ReportChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report files written from the step events of real threads, and of a compile that failed before its plan. */
class CompileReportFilesTest {

    @TempDir
    Path work;

    @Test
    void stepsOfSeveralThreadsAtOnceGiveOneTrackEachAndNestedSlices() throws Exception {
        CompileRecorder recorder = new CompileRecorder(work.resolve("m.hlo"), work, "test");
        StepEvents events = new StepEvents(recorder);
        events.planned(new PlannedCompile(work.resolve("m.hlo"), work.resolve("m.neff"), work, 3,
                List.of(new PlannedCompile.PlannedJob("Split", "in-process", Optional.empty(), true, List.of("model"),
                        List.of("subgraphs"), List.of("# Split (in-process): split")))));
        JobStart job = events.jobStarted("Split");
        CountDownLatch allStarted = new CountDownLatch(3);
        ExecutorService pool = Executors.newFixedThreadPool(3, r -> new Thread(r, "worker"));
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String subgraph = String.format("sg%02d", i);
            futures.add(pool.submit(() -> events.inProcess("Split", subgraph, "split", List::of, () -> {
                allStarted.countDown();
                awaitQuietly(allStarted);
            })));
        }
        for (Future<?> future : futures) {
            future.get();
        }
        pool.shutdown();
        events.jobFinished(job, Optional.empty());

        List<Path> files = ReportWriter.write(recorder.report(Optional.empty()));

        assertThat(files).containsExactly(work.resolve("report.json"), work.resolve("trace.json"),
                work.resolve("report.html"));
        JsonNode report = ReportChecks.validReport(work);
        assertThat(report.path("steps")).hasSize(6);
        assertThat(report.path("workers")).as("the caller and three workers of the same name").hasSize(4);
        assertThat(report.path("workers").get(1).path("name").asText()).startsWith("worker #");
        ReportChecks.validTrace(work);
    }

    @Test
    void aCompileThatFailedBeforeItsPlanStillHasAValidReport() throws Exception {
        CompileRecorder recorder = new CompileRecorder(work.resolve("m.hlo"), work, "test");

        ReportWriter.write(recorder.report(Optional.of("cannot write the compile record")));

        JsonNode report = ReportChecks.validReport(work);
        assertThat(report.path("outcome").asText()).isEqualTo("failed");
        assertThat(report.path("plan").isNull()).isTrue();
        assertThat(report.path("failure").path("message").asText()).isEqualTo("cannot write the compile record");
        assertThat(report.path("failure").path("job").isNull()).isTrue();
        ReportChecks.validTrace(work);
        assertThat(Files.readString(work.resolve("report.html"))).contains("cannot write the compile record");
    }

    @Test
    void aFailingStepIsToldWithItsMessageAndTheExceptionStillReachesTheCaller() {
        CompileRecorder recorder = new CompileRecorder(work.resolve("m.hlo"), work, "test");
        StepEvents events = new StepEvents(recorder);
        IllegalStateException thrown = new IllegalStateException("bad tensor shape at m.hlo:3");

        try {
            events.inProcess("Check", "", "check", List::of, () -> {
                throw thrown;
            });
        } catch (IllegalStateException e) {
            assertThat(e).isSameAs(thrown);
        }

        CompileReport report = recorder.report(Optional.of("job Check failed"));
        assertThat(report.failedSteps()).singleElement()
                .satisfies(step -> assertThat(step.failure()).contains("bad tensor shape at m.hlo:3"));
    }

    @Test
    void aListenerThatThrowsDoesNotFailTheStep() {
        StepListener broken = new StepListener() {
            @Override
            public void stepFinished(StepEnd step) {
                throw new IllegalStateException("display gone");
            }
        };
        List<String> ran = new ArrayList<>();
        new StepEvents(broken).inProcess("Job", "", "run", List::of, () -> ran.add("ran"));
        assertThat(ran).containsExactly("ran");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

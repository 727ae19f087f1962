package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupted single compile writes its report like any other (docs/report.md, issue 24): the
 * test paces a tool itself — a walrus_driver in {@code starfish/bin/private} of a private copy of
 * the distribution that says it runs through one FIFO and then waits on another — and signals the
 * driver while that tool runs. The driver exits 128 + the signal, and report.json, trace.json and
 * report.html say the compile, the job and the step were interrupted, not failed.
 */
class InterruptReportIT {

    @TempDir
    Path tmp;

    @Test
    void sigintWhileAToolRunsWritesAReportThatSaysInterrupted() throws Exception {
        Path work = interruptWhileWalrusDriverRuns("INT", 130);
        JsonNode report = ReportChecks.validReport(work);
        assertThat(report.path("outcome").asText()).isEqualTo("interrupted");
        assertThat(report.path("failure").path("message").asText()).isEqualTo("the compile was interrupted (SIGINT)");
        assertThat(statusOf(report.path("jobs"), "name", "Frontend")).isEqualTo("succeeded");
        assertThat(statusOf(report.path("jobs"), "name", "WalrusDriver")).isEqualTo("interrupted");
        assertThat(statusOf(report.path("steps"), "job", "WalrusDriver")).isEqualTo("interrupted");
        assertThat(ReportChecks.validTrace(work).path("otherData").path("outcome").asText()).isEqualTo("interrupted");
        assertThat(work.resolve("report.html")).content().contains(">interrupted</span>");
    }

    @Test
    void sigtermWhileAToolRunsWritesAReportThatSaysInterrupted() throws Exception {
        Path work = interruptWhileWalrusDriverRuns("TERM", 143);
        JsonNode report = ReportChecks.validReport(work);
        assertThat(report.path("outcome").asText()).isEqualTo("interrupted");
        assertThat(report.path("failure").path("message").asText()).isEqualTo("the compile was interrupted (SIGTERM)");
        assertThat(statusOf(report.path("steps"), "job", "WalrusDriver")).isEqualTo("interrupted");
    }

    /** Compiles mlp.hlo, signals the driver once its walrus_driver runs; returns the work directory. */
    private Path interruptWhileWalrusDriverRuns(String signal, int exitCode) throws Exception {
        AssembledDistribution dist = AssembledDistribution.built().copyTo(tmp.resolve("dist"));
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Path running = fifo(tmp.resolve("running"));
        Path release = fifo(tmp.resolve("release"));
        TestSandbox.allowWriting(dist, running, release);
        Path tool = dist.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!/bin/sh\necho running > '" + running + "'\nread line < '" + release + "'\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));

        AssembledDistribution.Started compile = dist.start(cwd, "compile", dist.example("mlp.hlo").toString());
        CompletableFuture<String> toolRuns = CompletableFuture.supplyAsync(() -> readLine(running));
        CompletableFuture.anyOf(toolRuns, compile.process().onExit()).get();
        if (!toolRuns.isDone()) {
            release(running);
            throw new AssertionError("the compile ended before its walrus_driver ran: " + compile.await());
        }
        assertThat(toolRuns.get()).isEqualTo("running");

        assertThat(new ProcessBuilder("kill", "-" + signal, String.valueOf(compile.process().pid())).start().waitFor())
                .isZero();
        AssembledDistribution.Run run = compile.await();

        assertThat(run.exitCode()).as("%s", run).isEqualTo(exitCode);
        assertThat(run.stderr()).isEqualTo("starfish: compile interrupted (SIG" + signal + "); tools stopped\n");
        assertThat(run.stdout()).as("no job is said to have failed").doesNotContain("failed");
        Path work = cwd.resolve("mlp.work");
        assertThat(work.resolve("report.json")).isRegularFile();
        assertThat(work.resolve("trace.json")).isRegularFile();
        assertThat(work.resolve("report.html")).isRegularFile();
        return work;
    }

    private static String statusOf(JsonNode entries, String key, String value) {
        for (JsonNode entry : entries) {
            if (entry.path(key).asText().equals(value)) {
                return entry.path("status").asText();
            }
        }
        throw new AssertionError("no entry with " + key + " " + value + " in " + entries);
    }

    private static Path fifo(Path path) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("mkfifo", path.toString()).start().waitFor()).isZero();
        return path;
    }

    private static String readLine(Path fifo) {
        try {
            return Files.readString(fifo).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Opens the FIFO for writing, so a reader blocked on opening it goes on. */
    private static void release(Path fifo) throws IOException {
        try (OutputStream out = Files.newOutputStream(fifo)) {
            out.flush();
        }
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a batch says of each model is true: a failed model's line is the tool's own last error
 * line (as {@code starfish compile} shows it) with the option that fixes it, its cache outcome
 * is the cache's, an output or a log is named only when it exists, an interrupted model shows
 * the time it ran. A model is held inside its tool by a {@code starfish/bin/private} stand-in
 * that says so through one FIFO and waits on another.
 */
class BatchTruthIT {

    @TempDir
    Path tmp;

    private AssembledDistribution dist;
    private Path cwd;

    @BeforeEach
    void models() throws IOException {
        dist = AssembledDistribution.built();
        cwd = Files.createDirectories(tmp.resolve("cwd"));
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("m.hlo"));
    }

    @Test
    void aFailedModelSaysWhatTheToolSaidAndTheOptionThatFixesIt() throws IOException {
        AssembledDistribution.Run single = dist.run(cwd, "compile", "m.hlo", "--buffer-bytes", "64", "--workdir", "single.work");
        assertThat(single.exitCode()).as("%s", single).isEqualTo(1);
        String toolLine = single.stderr().lines().filter(l -> l.contains("walrus_driver:")).findFirst().orElseThrow().strip();
        assertThat(toolLine).as("the tool's error line names the option that fixes it").contains("needs 128 bytes")
                .contains("--buffer-bytes");

        AssembledDistribution.Run run = dist.run(cwd, "batch", "m.hlo", "--buffer-bytes", "64", "--output-dir", "out");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        JsonNode m = model(report(cwd.resolve("out/batch-report.json")), "m.hlo");
        assertThat(m.path("error").asText()).as("the cause, not only the exit status")
                .startsWith("job WalrusDriver failed on subgraph sg00: Child process job \"WalrusDriver\" exited abnormally!")
                .endsWith(toolLine);
        assertThat(run.stdout()).contains("m.hlo ... FAILED").contains(toolLine);
        assertThat(m.path("cache").asText()).as("the cache was on and had no entry").isEqualTo("miss");
        assertThat(m.path("output").isNull()).as("no .neff was written: %s", m).isTrue();
        assertThat(Path.of(m.path("log").asText())).as("its log is named and exists").isRegularFile();
        assertThat(run.stdout()).as("the summary names no output that was never written")
                .doesNotContain(cwd.resolve("out/m.neff").toString())
                .contains("log: " + cwd.resolve("out/m.work/log-starfish.txt"));
    }

    @Test
    void anInterruptedModelShowsItsTimeAndCacheAndACancelledOneNamesNoLog() throws Exception {
        AssembledDistribution held = dist.copyTo(tmp.resolve("dist"));
        Path running = fifo(tmp.resolve("running"));
        Path release = fifo(tmp.resolve("release"));
        TestSandbox.allowWriting(held, running, release);
        Path tool = held.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!/bin/sh\ncase \"$PWD\" in *b_held.work*)\n  echo running > '" + running + "'\n"
                + "  read line < '" + release + "' ;;\nesac\nexec " + held.home().resolve("starfish/bin/walrus_driver")
                + " \"$@\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path in = Files.createDirectories(cwd.resolve("held"));
        // three different models: a copy of one would be a cache hit and never reach the held tool
        Files.copy(dist.example("mlp.hlo"), in.resolve("a_first.hlo"));
        Files.copy(dist.example("mlp_two_heads.hlo"), in.resolve("b_held.hlo"));
        Files.copy(dist.example("reduce_softmax_like.hlo"), in.resolve("c_last.hlo"));
        AssembledDistribution.Started batch = held.start(cwd, "batch", "held", "--output-dir", "out");
        CompletableFuture<String> toolRuns = CompletableFuture.supplyAsync(() -> readLine(running));
        CompletableFuture.anyOf(toolRuns, batch.process().onExit()).get();
        if (!toolRuns.isDone()) {
            release(running);
            throw new AssertionError("the batch ended before b_held's walrus_driver ran: " + batch.await());
        }
        assertThat(new ProcessBuilder("kill", "-INT", String.valueOf(batch.process().pid())).start().waitFor()).isZero();
        AssembledDistribution.Run run = batch.await();
        assertThat(run.exitCode()).as("%s", run).isEqualTo(130);

        JsonNode report = report(cwd.resolve("out/batch-report.json"));
        JsonNode interrupted = model(report, "b_held.hlo");
        assertThat(interrupted.path("status").asText()).isEqualTo("interrupted");
        assertThat(interrupted.path("wall_ms").asLong()).as("it ran until the signal: %s", interrupted).isPositive();
        assertThat(interrupted.path("cache").asText()).as("it was compiling on a cache miss").isEqualTo("miss");
        assertThat(Path.of(interrupted.path("log").asText())).as("its log").isRegularFile();
        assertThat(interrupted.path("output").isNull()).as("its unfinished output was removed").isTrue();
        JsonNode cancelled = model(report, "c_last.hlo");
        assertThat(cancelled.path("status").asText()).isEqualTo("cancelled");
        assertThat(cancelled.path("log").isNull()).as("it never ran, so it has no log: %s", cancelled).isTrue();
        assertThat(cancelled.path("output").isNull()).isTrue();
        assertThat(cwd.resolve("out/c_last.work/log-starfish.txt")).doesNotExist();
        assertThat(run.stdout()).as("the summary names no log of the cancelled model")
                .doesNotContain("c_last.work").doesNotContain(cwd.resolve("out/c_last.neff").toString())
                .contains(cwd.resolve("out/a_first.neff").toString());
        // the time it ran (positive above; under 50 ms it prints as 0.0 s on a fast machine), as the report has it
        assertThat(summaryRow(run, "b_held.hlo")).as("the interrupted model's time")
                .contains(String.format(java.util.Locale.ROOT, "%.1f s", interrupted.path("wall_ms").asLong() / 1000.0));
    }

    @Test
    void theBatchPageHasARowPerModelEscapesNamesAndLinksOnlyToFilesThatExist() throws IOException {
        Files.move(cwd.resolve("m.hlo"), cwd.resolve("m<script>.hlo"));
        Files.copy(dist.example("bad_shape.hlo"), cwd.resolve("bad.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "batch", "m<script>.hlo", "bad.hlo", "--output-dir", "out");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        Path page = cwd.resolve("out/batch-report.html");
        assertThat(page).as("written beside batch-report.json").isRegularFile();
        String html = Files.readString(page);
        assertThat(html).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                + "style-src 'unsafe-inline'\">").doesNotContain("<script").contains("m&lt;script&gt;.hlo");
        assertThat(Pattern.compile("<tr class=\"model\">").matcher(html).results().count()).as("one row per model")
                .isEqualTo(2);
        assertThat(html).contains("<td class=\"ok\">ok</td>").contains("<td class=\"failed\">failed</td>")
                .contains("shape mismatch");
        List<String> links = Pattern.compile("href=\"([^\"]*)\"").matcher(html).results().map(r -> r.group(1)).toList();
        assertThat(links).as("a link to each model's own report.html").hasSize(2);
        for (String link : links) {
            Path target = page.getParent().resolve(URI.create(link.replace("&amp;", "&")).getPath()).normalize();
            assertThat(target).as("link %s", link).isRegularFile().hasFileName("report.html");
        }
        assertThat(Files.getPosixFilePermissions(page)).as("written like the JSON report: private, then renamed")
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    void onATerminalOneStatusLineIsRedrawnAndAPipeGetsPlainLines() throws IOException {
        Files.copy(dist.example("mlp_two_heads.hlo"), cwd.resolve("n.hlo"));
        AssembledDistribution.Run tty = dist.runOnTerminal(cwd, "batch", "m.hlo", "n.hlo", "--output-dir", "tty");
        assertThat(tty.exitCode()).as("%s", tty).isZero();
        assertThat(tty.stdout()).as("the status line is redrawn in place").contains("\u001b[1A\u001b[2K")
                .containsPattern("\\[\\d/2\\] \\d ok, 0 failed, 1 running: [mn]\\.hlo  elapsed \\d+\\.\\d s")
                .as("no per-model lines on a terminal").doesNotContain("[1/2] " + cwd.resolve("m.hlo"))
                .contains("Batch of 2 models: 2 ok");
        AssembledDistribution.Run pipe = dist.run(cwd, "batch", "m.hlo", "n.hlo", "--output-dir", "pipe");
        assertThat(pipe.exitCode()).as("%s", pipe).isZero();
        assertThat(pipe.stdout()).as("no control characters on a pipe").doesNotContain("\u001b").doesNotContain("\r")
                .contains("[1/2] ").contains("[2/2] ").contains("Batch of 2 models: 2 ok");
    }

    private static String summaryRow(AssembledDistribution.Run run, String model) {
        return run.stdout().lines().filter(l -> l.startsWith(model + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no summary row of " + model + " in " + run));
    }

    static JsonNode report(Path file) throws IOException {
        assertThat(file).as("the batch report").isRegularFile();
        return new ObjectMapper().readTree(file.toFile());
    }

    static JsonNode model(JsonNode report, String fileName) {
        List<JsonNode> matches = new ArrayList<>();
        report.path("models").forEach(m -> {
            if (Path.of(m.path("model").asText()).getFileName().toString().equals(fileName)) {
                matches.add(m);
            }
        });
        assertThat(matches).as("one entry for %s in %s", fileName, report).hasSize(1);
        return matches.get(0);
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

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cache hit writes its own report (issue 24 #13): where the earlier compile's report.json and
 * report.html were, the hit's say that the {@code .neff} came from the cache, under which key and
 * from which entry, that no job ran, and its own times; the page renders in Chromium.
 */
class CacheHitReportIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void theHitReplacesTheMissReportWithItsOwn() throws IOException {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        Path work = cwd.resolve("mlp.work");
        AssembledDistribution.Run miss = dist.run(cwd, "compile", model.toString());
        assertThat(miss.exitCode()).as("%s", miss).isZero();
        byte[] missBytes = Files.readAllBytes(work.resolve("report.json"));
        JsonNode missReport = ReportChecks.validReport(work);
        assertThat(missReport.path("cache").path("outcome").asText()).isEqualTo("miss");
        String key = missReport.path("cache").path("key").asText();
        assertThat(key).matches("[0-9a-f]{64}");
        assertThat(missReport.path("cache").path("entry").isNull()).isTrue();
        String missHtml = Files.readString(work.resolve("report.html"));

        AssembledDistribution.Run hit = dist.run(cwd, "compile", model.toString());
        assertThat(hit.exitCode()).as("%s", hit).isZero();
        assertThat(hit.stdout()).contains("(cache hit, ");

        assertThat(Files.readAllBytes(work.resolve("report.json"))).as("the hit's own report").isNotEqualTo(missBytes);
        JsonNode report = ReportChecks.validReport(work);
        assertThat(report.path("outcome").asText()).isEqualTo("succeeded");
        assertThat(report.path("cache").path("outcome").asText()).isEqualTo("hit");
        assertThat(report.path("cache").path("key").asText()).isEqualTo(key);
        Path entry = Path.of(report.path("cache").path("entry").asText());
        assertThat(entry).isEqualTo(cwd.resolve(".cache/compile/entries").resolve(key)).isDirectory();
        assertThat(report.path("jobs")).as("no job ran").isEmpty();
        assertThat(report.path("steps")).isEmpty();
        assertThat(report.path("plan").path("jobs")).as("the plan it did not need to run").hasSize(9);
        assertThat(report.path("started_at").asText()).isNotEqualTo(missReport.path("started_at").asText());
        assertThat(report.path("wall_us").asLong()).isPositive();
        assertThat(hit.stdout()).as("the console's time is the report's")
                .contains("(cache hit, " + report.path("wall_us").asLong() / 1000 + " ms)");
        ReportChecks.validTrace(work);
        assertThat(work.resolve("sg00")).doesNotExist();
        assertThat(Files.readString(work.resolve("log-starfish.txt"))).contains("cache hit " + key)
                .contains("Wrote the compile report " + work.resolve("report.json"))
                .doesNotContain("Running job");

        String html = Files.readString(work.resolve("report.html"));
        assertThat(html).isNotEqualTo(missHtml).contains("<p id=\"cache\">compile cache <b>hit</b>, key <code>" + key
                + "</code>: no job ran; the .neff was copied from the entry <code>" + entry + "</code></p>");
        HeadlessChromium.Page page = HeadlessChromium.installed().open(work.resolve("report.html"),
                cwd.resolve("chromium"));
        assertThat(page.dom()).contains("<p id=\"cache\">compile cache <b>hit</b>").contains("<svg id=\"timeline\"")
                .containsPattern("driver start-up \\(from (the process start|the server's receipt of the request) to the"
                        + " report \\(no job ran\\)\\)")
                .doesNotContain("<tr class=\"job\"");
        assertThat(page.pageRequests()).isEmpty();
    }

    @Test
    void aCompileWithoutTheCacheSaysSoAndNamesNoKey() throws IOException {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString(), "--no-cache");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode cache = ReportChecks.validReport(cwd.resolve("mlp.work")).path("cache");
        assertThat(cache.path("outcome").asText()).isEqualTo("off");
        assertThat(cache.path("key").isNull()).isTrue();
        assertThat(cache.path("entry").isNull()).isTrue();
        assertThat(Files.readString(cwd.resolve("mlp.work/report.html"))).contains("<p id=\"cache\">compile cache "
                + "<b>off</b></p>");
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html in a real headless Chromium (Debian's package): it renders every job and fetches nothing. */
class ReportPageIT {

    private final AssembledDistribution dist = AssembledDistribution.built();
    private final HeadlessChromium chromium = HeadlessChromium.installed();

    @TempDir
    Path cwd;

    @Test
    void thePageRendersEveryJobAndStepAndMakesNoNetworkRequest() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString(), "-j", "2");
        assertThat(run.exitCode()).as("%s", run).isZero();
        Path page = cwd.resolve("mlp_two_heads.work/report.html");
        String html = Files.readString(page);
        assertThat(html).as("self-contained: no external resource of any kind")
                .doesNotContainPattern("(?i)\\s(src|href)\\s*=").doesNotContainPattern("(?i)url\\(|@import")
                .contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                        + "style-src 'unsafe-inline'\">");

        HeadlessChromium.Page rendered = chromium.open(page, cwd.resolve("chromium"));

        for (String job : List.of("Frontend", "StaticIOTranspose", "HLOToTensorizer", "WalrusDriver", "BIRVerifier",
                "XLAInferGoldens", "Kelper", "NeffWrapper", "SaveTemps")) {
            assertThat(rendered.dom()).as("the rendered jobs table has %s", job)
                    .contains("<tr class=\"job\" data-job=\"" + job + "\">");
        }
        assertThat(rendered.dom()).contains("<svg id=\"timeline\"").contains("succeeded")
                .containsPattern("<td>WalrusDriver</td><td>sg01</td><td>starfish-subgraph-\\d</td>");
        assertThat(rendered.pageRequests()).as("the page asks the network for nothing").isEmpty();
    }

    @Test
    void theRequestCheckSeesARequestOfAPageThatMakesOne() throws IOException {
        Path control = Files.writeString(cwd.resolve("control.html"),
                "<!DOCTYPE html><html><body><img src=\"http://probe.invalid/pixel.png\"><p>control</p></body></html>\n");

        HeadlessChromium.Page rendered = chromium.open(control, cwd.resolve("chromium"));

        assertThat(rendered.dom()).contains("control");
        assertThat(rendered.pageRequests()).as("the net log check is not blind").containsExactly(
                "http://probe.invalid/pixel.png");
    }

    @Test
    void markupInAModelNameIsShownAsTextAndFetchesNothing() throws IOException {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("m<img src=x onerror=alert(1)>.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "compile", model.getFileName().toString(), "--workdir", "work");
        assertThat(run.exitCode()).as("%s", run).isZero();

        HeadlessChromium.Page rendered = chromium.open(cwd.resolve("work/report.html"), cwd.resolve("chromium"));

        assertThat(rendered.dom()).contains("m&lt;img src=x onerror=alert(1)&gt;.hlo").doesNotContain("<img");
        assertThat(rendered.pageRequests()).isEmpty();
    }

    @Test
    void aFailedCompilesPageShowsTheFailureWithItsReplayScript() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path tool = copy.home().resolve("starfish/bin/private/hlo-neff-wrapper");
        Files.writeString(tool, "#!/bin/sh\nexit 7\n");
        Files.setPosixFilePermissions(tool, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        AssembledDistribution.Run run = copy.run(cwd, "compile", copy.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);

        HeadlessChromium.Page rendered = chromium.open(cwd.resolve("mlp.work/report.html"), cwd.resolve("chromium"));

        assertThat(rendered.dom()).contains("<div id=\"failures\">").contains("exit status 7")
                .contains("<code class=\"replay\">" + cwd.resolve("mlp.work/replay_NeffWrapper.sh") + "</code>")
                .contains("<tr class=\"job\" data-job=\"NeffWrapper\">");
        assertThat(rendered.pageRequests()).isEmpty();
    }
}

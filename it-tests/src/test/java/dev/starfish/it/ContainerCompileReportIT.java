package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/** A compile in a container, as its non-root user, leaves its report, trace and page in the work directory. */
@ContainerSuite
class ContainerCompileReportIT {

    private static final String WORK = StarfishContainer.USER_HOME + "/work/heads";
    private static final List<String> PIPELINE = List.of("Frontend", "StaticIOTranspose", "HLOToTensorizer",
            "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "Kelper", "NeffWrapper", "SaveTemps");

    @Test
    void aParallelCompileWritesAReportATraceAndAPageThatParse() throws IOException {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)
                .withCreateContainerCmdModifier(cmd -> cmd.withName("report-" + UUID.randomUUID()))) {
            container.start();
            ExecResult result = container.starfish("compile", StarfishContainer.HOME + "/examples/mlp_two_heads.hlo",
                    "-j", "2", "--output", StarfishContainer.USER_HOME + "/out/heads.neff", "--workdir", WORK);
            assertThat(result.getExitCode()).as("the compile succeeds:\n%s", describe(result)).isZero();
            assertThat(result.getStdout().lines().toList()).as("not a terminal: one plain line per job, then the "
                    + "final line:\n%s", describe(result)).hasSize(PIPELINE.size() + 1).doesNotContain("\u001b");

            ObjectMapper json = new ObjectMapper();
            JsonNode report = json.readTree(container.readFile(WORK + "/report.json"));
            assertThat(report.path("format").asText()).isEqualTo("starfish-compile-report");
            assertThat(report.path("outcome").asText()).isEqualTo("succeeded");
            assertThat(names(report.path("jobs"))).as("every job of the pipeline").isEqualTo(PIPELINE);
            assertThat(report.path("steps").size()).as("one step per in-process job, one per subgraph of a native "
                    + "per-subgraph job, one for NeffWrapper").isEqualTo(4 + 2 * 4 + 1);

            JsonNode trace = json.readTree(container.readFile(WORK + "/trace.json"));
            assertThat(trace.path("displayTimeUnit").asText()).isEqualTo("ms");
            long slices = 0;
            for (JsonNode event : trace.path("traceEvents")) {
                assertThat(event.has("ph") && event.has("ts") && event.has("pid") && event.has("tid"))
                        .as("event %s has ph, ts, pid and tid", event).isTrue();
                slices += event.path("ph").asText().equals("X") ? 1 : 0;
            }
            assertThat(slices).as("a slice per job and per step").isEqualTo(PIPELINE.size() + report.path("steps").size());

            String page = new String(container.readFile(WORK + "/report.html"), StandardCharsets.UTF_8);
            assertThat(page).startsWith("<!DOCTYPE html>").endsWith("</html>\n").contains("<svg id=\"timeline\"");
            PIPELINE.forEach(job -> assertThat(page).contains("<tr class=\"job\" data-job=\"" + job + "\">"));
        }
    }

    private static List<String> names(JsonNode jobs) {
        List<String> names = new ArrayList<>();
        jobs.forEach(job -> names.add(job.path("name").asText()));
        return names;
    }
}

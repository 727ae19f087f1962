package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code starfish pipeline} and the pipeline position {@code starfish jobs} shows: the order a compile runs. */
class PipelineCommandIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void theShippedPipelineShowsEachJobInOrderWithWhenItRunsAndItsArtifacts() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "pipeline");

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stderr()).isEmpty();
        assertThat(run.stdout()).startsWith("Pipeline of " + dist.home().resolve("conf/starfish.properties") + ":\n")
                .containsPattern("#  +JOB +RUNS +STEPS +CONSUMES +PRODUCES\n")
                .containsPattern("\n1  +Frontend +always +once +\\S+ +\\S+\n")
                .containsPattern("\n4  +WalrusDriver +always +per subgraph +\\S+ +\\S+\n")
                .containsPattern("\n7  +Watchpoint +on request \\(--watchpoint\\) +per subgraph +bir +watchpoint-bir\n")
                .containsPattern("\n10 +NeffWrapper +always +once +bir,goldens,kernel-graph,compile-record +neff\n")
                .doesNotContain("Not in the pipeline");
        JsonNode json = new ObjectMapper().readTree(dist.run(cwd, "pipeline", "--json").stdout());
        List<String> order = new ArrayList<>();
        json.forEach(j -> order.add(j.path("position").asInt() + " " + j.path("job").asText()));
        assertThat(order).startsWith("1 Frontend", "2 StaticIOTranspose", "3 HLOToTensorizer").hasSize(11)
                .endsWith("11 SaveTemps");
        assertThat(json.get(6).path("enabledBy").asText()).isEqualTo("--watchpoint");
        assertThat(json.get(9).path("produces").get(0).asText()).isEqualTo("neff");
    }

    @Test
    void aJobNoCompileRunsIsNotInPipelineAndARejectedOrMissingOneIsSaidSo() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path conf = copy.home().resolve("conf/starfish.properties");
        Files.writeString(conf, Files.readString(conf).replace(",NeffWrapper,SaveTemps\n", ",NeffWrapper,NoSuchJob\n"));

        AssembledDistribution.Run pipeline = copy.run(cwd, "--reject-jobs", "Kelper", "pipeline");
        AssembledDistribution.Run jobs = copy.run(cwd, "jobs");
        JsonNode jobsJson = new ObjectMapper().readTree(copy.run(cwd, "jobs", "--json").stdout());

        assertThat(pipeline.exitCode()).as("%s", pipeline).isZero();
        assertThat(pipeline.stdout()).containsPattern("\n9  +Kelper +rejected +- +- +-\n")
                .containsPattern("\n11 +NoSuchJob +not available +- +- +-\n")
                .contains("Not in the pipeline (a compile runs them only when --pipeline names them): SaveTemps.\n");
        assertThat(jobs.stdout()).as("%s", jobs).containsPattern("\nSaveTemps +in-process +not in pipeline ")
                .containsPattern("\nFrontend +in-process +#1 always ")
                .containsPattern("\nWatchpoint +native +#7 on request ");
        for (JsonNode job : jobsJson) {
            String name = job.path("name").asText();
            assertThat(job.path("pipelinePosition").isNull()).as(name).isEqualTo(name.equals("SaveTemps"));
        }
    }
}

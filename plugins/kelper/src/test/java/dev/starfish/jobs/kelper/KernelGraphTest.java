package dev.starfish.jobs.kelper;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.PackageVersion;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class KernelGraphTest {

    @Test
    void kelperIsInProcess() {
        assertThat(JobDeclaration.of(Kelper.class).kind()).isEqualTo(JobKind.IN_PROCESS);
    }

    @Test
    void bundlesJackson217() {
        assertThat(PackageVersion.VERSION.toString()).isEqualTo("2.17.2");
    }

    @Test
    void linksSubgraphsWithInputsAndOutputsFromTensorMap() throws Exception {
        String tensorMap = "{\"subgraphs\":[{\"name\":\"sg00\",\"parameters\":[{\"name\":\"x\",\"shape\":[4,8]}],"
                + "\"outputs\":[{\"name\":\"y\",\"shape\":[4,4]}]}]}";
        String json = new KernelGraph(tensorMap, 2, "2.17.2")
                .addSubgraph("sg00", "sg00/model.bir", "ab".repeat(32))
                .addSubgraph("sg01", "sg01/model.bir", "cd".repeat(32))
                .toJson();

        JsonNode root = new ObjectMapper().readTree(json);
        assertThat(root.get("penguin_version").asInt()).isEqualTo(2);
        assertThat(root.get("jackson_version").asText()).isEqualTo("2.17.2");
        assertThat(root.get("subgraphs").get(0).toString()).isEqualTo("{\"name\":\"sg00\",\"bir\":\"sg00/model.bir\","
                + "\"sha256\":\"" + "ab".repeat(32) + "\",\"inputs\":[{\"name\":\"x\",\"shape\":[4,8]}],"
                + "\"outputs\":[{\"name\":\"y\",\"shape\":[4,4]}]}");
        assertThat(root.get("subgraphs").get(1).get("inputs")).isEmpty();
    }

    @Test
    void birPathIsRelativeToWorkDir() {
        Path workDir = Path.of("/w");
        assertThat(Kelper.birPath(workDir, new Subgraph("sg03", Path.of("/w/sg03")))).isEqualTo("sg03/model.bir");
    }
}

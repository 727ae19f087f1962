package dev.starfish.jobs.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.PackageVersion;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobException;
import dev.starfish.api.JobKind;
import org.junit.jupiter.api.Test;

class TensorMapTest {

    @Test
    void frontendIsInProcess() {
        assertThat(JobDeclaration.of(Frontend.class).kind()).isEqualTo(JobKind.IN_PROCESS);
    }

    @Test
    void bundlesJackson223() {
        assertThat(PackageVersion.VERSION.toString()).isEqualTo("2.23.0");
    }

    @Test
    void subgraphsAreNumberedWithTwoDigits() {
        assertThat(Frontend.subgraphName(0)).isEqualTo("sg00");
        assertThat(Frontend.subgraphName(11)).isEqualTo("sg11");
    }

    @Test
    void recordsSignaturesAndVersions() throws Exception {
        String json = new TensorMap(1, "2.23.0")
                .addSubgraph("sg00", "sg00/model.hlo",
                        "{\"parameters\":[{\"name\":\"x\",\"shape\":[4,8]}],\"outputs\":[{\"name\":\"y\",\"shape\":[4,4]}]}")
                .addSubgraph("sg01", "sg01/model.hlo", "{\"parameters\":[],\"outputs\":[{\"name\":\"z\",\"shape\":[]}]}")
                .toJson();

        JsonNode root = new ObjectMapper().readTree(json);
        assertThat(root.get("penguin_version").asInt()).isEqualTo(1);
        assertThat(root.get("jackson_version").asText()).isEqualTo("2.23.0");
        assertThat(root.get("subgraphs")).hasSize(2);
        assertThat(root.get("subgraphs").get(0).toString()).isEqualTo("{\"name\":\"sg00\",\"hlo\":\"sg00/model.hlo\","
                + "\"parameters\":[{\"name\":\"x\",\"shape\":[4,8]}],\"outputs\":[{\"name\":\"y\",\"shape\":[4,4]}]}");
    }

    @Test
    void signatureWithoutOutputsIsAJobError() {
        assertThatThrownBy(() -> new TensorMap(1, "x").addSubgraph("sg00", "sg00/model.hlo", "{\"parameters\":[]}"))
                .isInstanceOf(JobException.class).hasMessageContaining("no 'outputs' array");
    }
}

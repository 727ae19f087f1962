package dev.starfish.jobs.staticiotranspose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobException;
import dev.starfish.api.JobKind;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaticIOTransposeTest {

    private static final String TENSOR_MAP = """
            {"penguin_version":1,"jackson_version":"2.23.0","subgraphs":[
              {"name":"sg00","hlo":"sg00/model.hlo",
               "parameters":[{"name":"x","shape":[4,8]},{"name":"b","shape":[16]},{"name":"s","shape":[]}],
               "outputs":[{"name":"y","shape":[2,3,4]}]}]}
            """;

    @TempDir
    Path workDir;

    @Test
    void isInProcess() {
        assertThat(JobDeclaration.of(StaticIOTranspose.class).kind()).isEqualTo(JobKind.IN_PROCESS);
        assertThat(JobDeclaration.of(StaticIOTranspose.class).tool()).isEmpty();
    }

    @Test
    void writesRowMajorMinorToMajorLayoutPerTensor() throws Exception {
        Files.writeString(workDir.resolve("tensor_map.json"), TENSOR_MAP);

        StaticIOTranspose.write(workDir.resolve("tensor_map.json"), workDir.resolve("io_transposes.json"));

        JsonNode root = new ObjectMapper().readTree(workDir.resolve("io_transposes.json").toFile());
        assertThat(root.get("layout").asText()).isEqualTo("minor_to_major");
        JsonNode sg00 = root.get("subgraphs").get(0);
        assertThat(sg00.get("name").asText()).isEqualTo("sg00");
        assertThat(sg00.get("parameters").get(0).toString())
                .isEqualTo("{\"name\":\"x\",\"shape\":[4,8],\"minor_to_major\":[1,0],\"transpose\":false}");
        assertThat(sg00.get("parameters").get(1).get("minor_to_major").toString()).isEqualTo("[0]");
        assertThat(sg00.get("parameters").get(2).get("minor_to_major").toString()).isEqualTo("[]");
        assertThat(sg00.get("outputs").get(0).get("minor_to_major").toString()).isEqualTo("[2,1,0]");
    }

    @Test
    void missingTensorMapNamesFrontend() {
        assertThatThrownBy(() -> StaticIOTranspose.write(workDir.resolve("tensor_map.json"), workDir.resolve("io.json")))
                .isInstanceOf(JobException.class).hasMessageContaining("Frontend must run before StaticIOTranspose");
    }

    @Test
    void tensorWithoutShapeIsReported() {
        assertThatThrownBy(() -> new IoTransposes().fromTensorMap(
                "{\"subgraphs\":[{\"name\":\"sg00\",\"parameters\":[{\"name\":\"x\"}]}]}"))
                .isInstanceOf(JobException.class).hasMessageContaining("tensor x of sg00 has no 'shape'");
    }
}

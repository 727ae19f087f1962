package dev.starfish.jobs.savetemps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobOption;
import dev.starfish.api.Subgraph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SaveTempsTest {

    @TempDir
    Path workDir;

    private Subgraph sg00;

    @BeforeEach
    void compileOutputs() throws Exception {
        sg00 = new Subgraph("sg00", workDir.resolve("sg00"));
        Files.createDirectories(sg00.file("goldens"));
        for (String file : List.of("model.hlo", "model.penguin", "model.bir", "goldens/inputs.bin", "goldens/outputs.bin",
                "replay_WalrusDriver.sh", "backend.json")) {
            Files.writeString(sg00.file(file), file);
        }
        for (String file : List.of("tensor_map.json", "kgraph.json", "io_transposes.json", "model.neff", "starfish.log")) {
            Files.writeString(workDir.resolve(file), file);
        }
    }

    @Test
    void declaresKeepTempsFlag() {
        assertThat(JobDeclaration.of(SaveTemps.class).options()).singleElement().satisfies(option -> {
            assertThat(option.name()).isEqualTo("--keep-temps");
            assertThat(option.type()).isEqualTo(JobOption.Type.FLAG);
        });
    }

    @Test
    void afterNeffRemovesIntermediatesButKeepsNeffReplayScriptsLogAndReports() {
        SaveTemps.removeIntermediates(workDir, List.of(sg00), true);

        assertThat(sg00.file("model.penguin")).doesNotExist();
        assertThat(sg00.file("model.bir")).doesNotExist();
        assertThat(sg00.file("model.hlo")).doesNotExist();
        assertThat(sg00.file("goldens")).doesNotExist();
        assertThat(workDir.resolve("kgraph.json")).doesNotExist();
        assertThat(workDir.resolve("tensor_map.json")).doesNotExist();
        assertThat(workDir.resolve("model.neff")).exists();
        assertThat(workDir.resolve("starfish.log")).exists();
        assertThat(sg00.file("replay_WalrusDriver.sh")).exists();
        assertThat(sg00.file("backend.json")).exists();
    }

    @Test
    void withoutNeffKeepsWhatTheNeffWouldPack() {
        List<Path> removed = SaveTemps.removeIntermediates(workDir, List.of(sg00), false);

        assertThat(removed).containsExactly(sg00.file("model.penguin"));
        assertThat(sg00.file("model.bir")).exists();
        assertThat(sg00.file("goldens/inputs.bin")).exists();
        assertThat(workDir.resolve("kgraph.json")).exists();
    }
}

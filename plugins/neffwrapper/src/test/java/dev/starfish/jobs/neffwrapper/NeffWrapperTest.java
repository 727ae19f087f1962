package dev.starfish.jobs.neffwrapper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Subgraph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NeffWrapperTest {

    @TempDir
    Path workDir;

    @Test
    void argvWritesOutputFromKgraphAndFiles() {
        assertThat(NeffWrapper.argv(Path.of("/b/hlo-neff-wrapper"), Path.of("/out/model.neff"), List.of("sg00/model.bir")))
                .containsExactly("/b/hlo-neff-wrapper", "-o", "/out/model.neff", "--kgraph", "kgraph.json", "sg00/model.bir");
    }

    @Test
    void packsEachSubgraphsBirThenItsGoldensInNameOrder() throws Exception {
        Subgraph sg00 = new Subgraph("sg00", workDir.resolve("sg00"));
        Subgraph sg01 = new Subgraph("sg01", workDir.resolve("sg01"));
        Files.createDirectories(sg00.file("goldens"));
        Files.writeString(sg00.file("goldens/outputs.bin"), "o");
        Files.writeString(sg00.file("goldens/inputs.bin"), "i");
        Files.writeString(sg00.file("goldens/notes.txt"), "n");
        Files.createDirectories(sg01.dir());

        assertThat(NeffWrapper.packedFiles(workDir, List.of(sg00, sg01))).containsExactly(
                "sg00/model.bir", "sg00/goldens/inputs.bin", "sg00/goldens/outputs.bin", "sg01/model.bir");
    }
}

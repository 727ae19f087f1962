package dev.starfish.jobs.neffwrapper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Subgraph;
import dev.starfish.api.JobDeclaration;
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
    void packsEachSubgraphsDeclaredBirAndGoldens() {
        Subgraph sg00 = new Subgraph("sg00", workDir.resolve("sg00"));
        Subgraph sg01 = new Subgraph("sg01", workDir.resolve("sg01"));

        assertThat(NeffWrapper.packedFiles(workDir, List.of(sg00, sg01))).containsExactly(
                "sg00/model.bir", "sg00/goldens/inputs.bin", "sg00/goldens/outputs.bin",
                "sg01/model.bir", "sg01/goldens/inputs.bin", "sg01/goldens/outputs.bin");
    }

    @Test
    void declaresWhatItPacksAndTheNeffItProduces() {
        JobDeclaration declaration = JobDeclaration.of(NeffWrapper.class);
        assertThat(declaration.consumes()).containsExactly("bir", "goldens", "kernel-graph", "compile-record");
        assertThat(declaration.produces()).containsExactly("neff");
        assertThat(declaration.perSubgraph()).isFalse();
    }
}

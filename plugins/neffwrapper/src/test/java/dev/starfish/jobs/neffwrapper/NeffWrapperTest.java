package dev.starfish.jobs.neffwrapper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobState;
import dev.starfish.api.Subgraph;
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

        assertThat(NeffWrapper.packedFiles(workDir, List.of(sg00, sg01),
                List.of(Artifacts.of(Artifacts.BIR), Artifacts.of(Artifacts.GOLDENS)))).containsExactly(
                "sg00/model.bir", "sg00/goldens/inputs.bin", "sg00/goldens/outputs.bin",
                "sg01/model.bir", "sg01/goldens/inputs.bin", "sg01/goldens/outputs.bin");
    }

    @Test
    void packsEveryPlannedArtifactThePluginsMarkPackedAfterTheStandardOnesAndNoOther() {
        Subgraph sg00 = new Subgraph("sg00", workDir.resolve("sg00"));
        Artifacts.Artifact counts = new Artifacts.Artifact("op-counts", Artifacts.Scope.SUBGRAPH,
                List.of("op_counts.json"), true, false, true);
        Artifacts.Artifact summary = new Artifacts.Artifact("op-summary", Artifacts.Scope.WORK_DIR,
                List.of("op_summary.json"), false, false, true);
        Artifacts.Artifact notPlanned = new Artifacts.Artifact("op-trace", Artifacts.Scope.SUBGRAPH,
                List.of("op_trace.json"), true, false, true);
        Artifacts.Artifact unpacked = new Artifacts.Artifact("op-notes", Artifacts.Scope.SUBGRAPH,
                List.of("op_notes.txt"), true, false, false);
        JobState state = new JobState(workDir.resolve("m.hlo"), workDir, workDir);
        state.setArtifactCatalog(ArtifactCatalog.of(List.of(summary, counts, notPlanned, unpacked)));
        state.setPlannedArtifacts(List.of(Artifacts.BIR, Artifacts.GOLDENS, "op-counts", "op-summary", "op-notes"));
        state.setInputs(List.of(sg00));

        assertThat(NeffWrapper.packedFiles(workDir, state.inputs(), NeffWrapper.packed(state))).containsExactly(
                "sg00/model.bir", "sg00/goldens/inputs.bin", "sg00/goldens/outputs.bin", "sg00/op_counts.json",
                "op_summary.json");
    }

    @Test
    void declaresWhatItPacksAndTheNeffItProduces() {
        JobDeclaration declaration = JobDeclaration.of(NeffWrapper.class);
        assertThat(declaration.consumes()).containsExactly("bir", "goldens", "kernel-graph", "compile-record");
        assertThat(declaration.produces()).containsExactly("neff");
        assertThat(declaration.perSubgraph()).isFalse();
    }
}

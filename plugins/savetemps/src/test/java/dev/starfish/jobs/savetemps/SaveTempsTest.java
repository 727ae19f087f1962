package dev.starfish.jobs.savetemps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.PlanStep;
import dev.starfish.api.Subgraph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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
                "replay_WalrusDriver.sh", "replay_XLAInferGoldens.sh", "backend.json", "notes.txt")) {
            Files.writeString(sg00.file(file), file);
        }
        for (String file : List.of("tensor_map.json", "kgraph.json", "io_transposes.json", "model.neff", "compile.json",
                "starfish.log")) {
            Files.writeString(workDir.resolve(file), file);
        }
    }

    private PlanStep nativeStep(String job, List<String> consumes, List<String> produces) {
        return new PlanStep(job, JobKind.NATIVE, "sg00", "exec " + job, consumes, produces,
                Optional.of(sg00.file("replay_" + job + ".sh")));
    }

    private PlanStep inProcessStep(String job, List<String> consumes, List<String> produces) {
        return new PlanStep(job, JobKind.IN_PROCESS, "", job, consumes, produces, Optional.empty());
    }

    @Test
    void declaresKeepTempsFlag() {
        assertThat(JobDeclaration.of(SaveTemps.class).options()).singleElement().satisfies(option -> {
            assertThat(option.name()).isEqualTo("--keep-temps");
            assertThat(option.type()).isEqualTo(JobOption.Type.FLAG);
        });
    }

    @Test
    void removesWhatTheStepsDeclaredTheyProducedAndTheReplayScriptsOfTheirConsumers() {
        List<PlanStep> steps = List.of(
                inProcessStep("Frontend", List.of(Artifacts.MODEL), List.of(Artifacts.SUBGRAPHS, Artifacts.TENSOR_MAP)),
                nativeStep("WalrusDriver", List.of(Artifacts.PENGUIN), List.of(Artifacts.BIR)),
                nativeStep("XLAInferGoldens", List.of(Artifacts.SUBGRAPHS), List.of(Artifacts.GOLDENS)),
                inProcessStep("Kelper", List.of(Artifacts.BIR), List.of(Artifacts.KERNEL_GRAPH)),
                nativeStep("Backend", List.of(Artifacts.MODEL), List.of(Artifacts.BACKEND_REPORT)));

        Intermediates.Removal removal = SaveTemps.removeIntermediates(workDir, List.of(sg00), steps,
                ArtifactCatalog.standard());

        assertThat(sg00.file("model.hlo")).as("subgraphs were produced").doesNotExist();
        assertThat(sg00.file("model.bir")).doesNotExist();
        assertThat(sg00.file("goldens")).as("the emptied goldens directory").doesNotExist();
        assertThat(workDir.resolve("kgraph.json")).doesNotExist();
        assertThat(workDir.resolve("tensor_map.json")).doesNotExist();
        assertThat(sg00.file("model.penguin")).as("no step of this compile declared it produced penguin").exists();
        assertThat(workDir.resolve("io_transposes.json")).as("not produced by these steps").exists();
        assertThat(workDir.resolve("model.neff")).exists();
        assertThat(workDir.resolve("compile.json")).as("the compile record is the host's, not an intermediate").exists();
        assertThat(sg00.file("backend.json")).as("the Backend's report is a result").exists();
        assertThat(sg00.file("notes.txt")).exists();
        assertThat(removal.replayScripts()).as("WalrusDriver consumed penguin, which was not removed")
                .containsExactly(sg00.file("replay_XLAInferGoldens.sh"));
        assertThat(sg00.file("replay_WalrusDriver.sh")).exists();
    }

    @Test
    void removesAPluginsIntermediateArtifactsFilesAndDirectoriesButKeepsItsResultsAndNeverFollowsALink() throws Exception {
        Path outside = Files.createDirectories(workDir.resolve("../outside-" + workDir.getFileName()).normalize());
        Files.writeString(outside.resolve("precious.txt"), "user's");
        Files.createDirectories(sg00.file("op_dumps/deep"));
        Files.writeString(sg00.file("op_counts.json"), "{}");
        Files.writeString(sg00.file("op_dumps/a.txt"), "a");
        Files.writeString(sg00.file("op_dumps/deep/b.txt"), "b");
        Files.createSymbolicLink(sg00.file("op_dumps/link"), outside);
        Files.writeString(workDir.resolve("op_summary.json"), "{}");
        ArtifactCatalog catalog = ArtifactCatalog.of(List.of(
                new Artifacts.Artifact("op-counts", Artifacts.Scope.SUBGRAPH, List.of("op_counts.json"), true, false, true),
                new Artifacts.Artifact("op-dumps", Artifacts.Scope.SUBGRAPH, List.of("op_dumps/"), true, false, false),
                new Artifacts.Artifact("op-summary", Artifacts.Scope.WORK_DIR, List.of("op_summary.json"), false, false,
                        false)));
        List<PlanStep> steps = List.of(
                inProcessStep("OpCounter", List.of(Artifacts.SUBGRAPHS), List.of("op-counts", "op-dumps", "op-summary")));

        Intermediates.Removal removal = SaveTemps.removeIntermediates(workDir, List.of(sg00), steps, catalog);

        assertThat(sg00.file("op_counts.json")).doesNotExist();
        assertThat(sg00.file("op_dumps")).as("the directory artifact, with everything below it").doesNotExist();
        assertThat(outside.resolve("precious.txt")).as("the link in it was removed, not followed").exists();
        assertThat(workDir.resolve("op_summary.json")).as("declared intermediate = false: a result").exists();
        assertThat(sg00.file("model.bir")).as("no step of these produced it").exists();
        assertThat(removal.files()).containsExactlyInAnyOrder(sg00.file("op_counts.json"), sg00.file("op_dumps/a.txt"),
                sg00.file("op_dumps/deep/b.txt"), sg00.file("op_dumps/link"));
    }

    @Test
    void withoutStepsNothingIsRemoved() {
        Intermediates.Removal removal = SaveTemps.removeIntermediates(workDir, List.of(sg00), List.of(),
                ArtifactCatalog.standard());

        assertThat(removal.files()).isEmpty();
        assertThat(removal.replayScripts()).isEmpty();
        assertThat(sg00.file("model.bir")).exists();
    }
}

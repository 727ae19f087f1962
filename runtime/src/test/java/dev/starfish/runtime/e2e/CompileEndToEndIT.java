package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code starfish compile} on the real distribution, as a user runs it. */
class CompileEndToEndIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @ParameterizedTest
    @ValueSource(strings = {"mlp.hlo", "mlp_two_heads.hlo", "reduce_softmax_like.hlo", "mlp_large.hlo"})
    void eachGoodExampleCompilesToANeffWhoseManifestChecksumsMatch(String example) throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example(example).toString(), "--output", "out/model.neff");

        assertThat(run.exitCode()).as("compile of %s: %s", example, run).isZero();
        assertThat(run.stdout()).contains("Compiled ").contains("model.neff");
        NeffArchive neff = NeffArchive.read(cwd.resolve("out/model.neff"));
        JsonNode manifest = neff.manifest();
        assertThat(manifest.path("toolchain_version").asText()).isNotEmpty();
        assertThat(manifest.path("entries")).as("manifest entries").isNotEmpty();
        for (JsonNode entry : manifest.path("entries")) {
            byte[] content = neff.entries().get(entry.path("name").asText());
            assertThat(content).as("entry %s is in the archive", entry.path("name").asText()).isNotNull();
            assertThat(NeffArchive.sha256(content)).as("sha256 of %s", entry.path("name").asText())
                    .isEqualTo(entry.path("sha256").asText());
            assertThat((long) content.length).isEqualTo(entry.path("size").asLong());
        }
        assertThat(neff.entries().keySet()).anyMatch(n -> n.endsWith("model.bir")).contains("kgraph.json");
        assertThat(cwd.resolve("log-starfish.txt")).content().contains("Running job NeffWrapper");
    }

    @Test
    void aModelWithTwoOutputsIsSplitIntoTwoSubgraphsAndCompiledInParallel() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString(), "--jobs", "2",
                "--keep-temps");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stdout()).contains("2 subgraphs");
        assertThat(cwd.resolve("mlp_two_heads.work/sg00/model.bir")).exists();
        assertThat(cwd.resolve("mlp_two_heads.work/sg01/model.bir")).exists();
        assertThat(cwd.resolve("mlp_two_heads.work/sg00/replay_WalrusDriver_sg00.sh")).isExecutable();
    }

    @Test
    void frontendAndKelperRunTheirOwnPenguinAndJacksonVersionsInOneCompile() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--keep-temps");
        assertThat(run.exitCode()).as("%s", run).isZero();
        ObjectMapper json = new ObjectMapper();
        JsonNode tensorMap = json.readTree(cwd.resolve("mlp.work/tensor_map.json").toFile());
        JsonNode kgraph = json.readTree(cwd.resolve("mlp.work/kgraph.json").toFile());
        assertThat(tensorMap.path("penguin_version").asInt()).as("Frontend's libpenguin.so").isEqualTo(1);
        assertThat(kgraph.path("penguin_version").asInt()).as("Kelper's libpenguin.so").isEqualTo(2);
        assertThat(tensorMap.path("jackson_version").asText()).startsWith("2.23");
        assertThat(kgraph.path("jackson_version").asText()).startsWith("2.17");
        String log = Files.readString(cwd.resolve("log-starfish.txt"));
        assertThat(log).containsPattern("\\[Frontend\\] penguin version 1").containsPattern("\\[Kelper\\] penguin version 2");
    }

    @Test
    void aSyntaxErrorIsInvalidInputWithFileLineAndColumn() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("bad_syntax.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).containsPattern("bad_syntax\\.hlo:\\d+:\\d+: ");
        assertThat(run.stderr()).doesNotContain("\tat ");
    }

    @Test
    void aShapeMismatchIsInvalidInputNamingTheLocation() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("bad_shape.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).containsPattern("bad_shape\\.hlo:\\d+:\\d+: ").containsIgnoringCase("shape");
    }

    @Test
    void anUnsupportedOpIsNamedWithTheSupportedList() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("unsupported_op.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).contains("convolution").contains("supported");
    }

    @Test
    void aModelTooLargeForTheBufferFailsInWalrusDriverWithItsReplayScript() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("too_large.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).contains("job WalrusDriver failed on subgraph sg00")
                .contains("Child process job \"WalrusDriver\" exited abnormally!")
                .contains("Replay this job by calling: ").contains("replay_WalrusDriver.sh");
        assertThat(cwd.resolve("too_large.work/sg00/replay_WalrusDriver.sh")).isExecutable();
    }

    @Test
    void aMissingModelIsInvalidInput() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "nope.hlo");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("model file not found: " + cwd.resolve("nope.hlo"));
    }

    @Test
    void anUnknownJobInThePipelineFailsBeforeAnythingRuns() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--pipeline", "Frontend,Nope");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("unknown job 'Nope' in --pipeline; known jobs: ").contains("WalrusDriver");
        assertThat(cwd.resolve("mlp.work")).doesNotExist();
    }

    @Test
    void backendWithoutNnExecutorFailsWithCouldNotFind() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--enable-experimental-backend");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).contains("Could not find nn_executor");
    }

    @Test
    void userPathsResolveAgainstTheLaunchDirectory() throws IOException {
        Path model = cwd.resolve("models/m.hlo");
        Files.createDirectories(model.getParent());
        Files.copy(dist.example("mlp.hlo"), model);
        AssembledDistribution.Run run = dist.run(cwd, "compile", "models/m.hlo", "--output", "build/m.neff", "--workdir", "w",
                "--logfile", "logs/compile.log");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(cwd.resolve("build/m.neff")).exists();
        assertThat(cwd.resolve("w/report.json")).as("the work directory is w, under the launch directory").exists();
        assertThat(cwd.resolve("logs/compile.log")).content().contains("[WalrusDriver/sg00] Executing ")
                .as("tool output is streamed into the log, tagged with its job and subgraph")
                .contains("[BIRVerifier/sg00] walrus_driver: BIR OK");
    }

    @Test
    void compileHelpShowsEachJobsOptionsInItsOwnSection() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("WalrusDriver options:").contains("--buffer-bytes")
                .contains("SaveTemps options:").contains("--keep-temps");
        AssembledDistribution.Run rejected = dist.run(cwd, "--reject-jobs", "WalrusDriver", "compile", "--help");
        assertThat(rejected.stdout()).doesNotContain("WalrusDriver options:").doesNotContain("--buffer-bytes");
    }
}

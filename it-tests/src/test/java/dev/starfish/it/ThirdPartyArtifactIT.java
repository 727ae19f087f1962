package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.Container.ExecResult;

/**
 * Issue 26: an artifact the plugin API does not define, {@code op-counts}, produced by one
 * third-party plugin and consumed by another, both built outside the repository from the SDK
 * template. In a container of the shipped image the operator installs the consumer first (the
 * plan refuses it: nothing declares what it reads), then the producer; the compile plans the
 * pair across plugins, {@code -###} shows the artifact, NeffWrapper packs it (its declaration says
 * {@code packed = true}), SaveTemps removes it (an intermediate) and keeps the consumer's result.
 */
@ContainerSuite
class ThirdPartyArtifactIT {

    private static final String PLUGINS = StarfishContainer.HOME + "/plugins/";
    private static final String CONF = StarfishContainer.HOME + "/conf/starfish.properties";
    private static final String MODEL = StarfishContainer.HOME + "/examples/mlp_two_heads.hlo";
    private static final String WORK = StarfishContainer.USER_HOME + "/m.work";

    private static final String PRODUCER = """
            package com.example.opcounts;

            import dev.starfish.api.ArtifactSpec;
            import dev.starfish.api.Artifacts;
            import dev.starfish.api.InProcessJob;
            import dev.starfish.api.JobContext;
            import dev.starfish.api.JobKind;
            import dev.starfish.api.JobSpec;
            import dev.starfish.api.JobState;
            import dev.starfish.api.Subgraph;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import org.pf4j.Extension;

            @Extension
            @JobSpec(kind = JobKind.IN_PROCESS, perSubgraph = true, consumes = Artifacts.SUBGRAPHS,
                    produces = OpCounter.OP_COUNTS, action = "count the instructions into op_counts.json")
            @ArtifactSpec(name = OpCounter.OP_COUNTS, scope = Artifacts.Scope.SUBGRAPH, files = "op_counts.json",
                    packed = true)
            public final class OpCounter extends InProcessJob {
                static final String OP_COUNTS = "op-counts";

                @Override
                protected void runSingleInput(Subgraph input, JobState state, JobContext context) {
                    try {
                        long count = Files.readAllLines(input.artifact(Artifacts.SUBGRAPHS)).stream()
                                .filter(line -> line.contains(" = ")).count();
                        Files.writeString(state.artifactIn(input, OP_COUNTS),
                                "{\\"subgraph\\":\\"" + input.name() + "\\",\\"instructions\\":" + count + "}\\n");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            """;

    private static final String CONSUMER = """
            package com.example.opreport;

            import dev.starfish.api.ArtifactSpec;
            import dev.starfish.api.Artifacts;
            import dev.starfish.api.InProcessJob;
            import dev.starfish.api.JobContext;
            import dev.starfish.api.JobKind;
            import dev.starfish.api.JobSpec;
            import dev.starfish.api.JobState;
            import dev.starfish.api.Subgraph;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import java.util.regex.Matcher;
            import java.util.regex.Pattern;
            import org.pf4j.Extension;

            @Extension
            @JobSpec(kind = JobKind.IN_PROCESS, consumes = "op-counts", produces = "op-report",
                    action = "sum the op counts into op_report.json")
            @ArtifactSpec(name = "op-report", scope = Artifacts.Scope.WORK_DIR, files = "op_report.json",
                    intermediate = false)
            public final class OpReport extends InProcessJob {
                private static final Pattern COUNT = Pattern.compile("\\"instructions\\":(\\\\d+)");

                @Override
                protected void runOnState(JobState state, JobContext context) {
                    try {
                        long total = 0;
                        for (Subgraph input : state.inputs()) {
                            Matcher m = COUNT.matcher(Files.readString(state.artifactIn(input, "op-counts")));
                            total += m.find() ? Long.parseLong(m.group(1)) : 0;
                        }
                        Files.writeString(state.artifact("op-report"), "{\\"subgraphs\\":" + state.inputs().size()
                                + ",\\"instructions\\":" + total + "}\\n");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            """;

    @Test
    void aProducerAndAConsumerFromTwoPluginsArePlannedPackedAndCleanedUp(@TempDir Path scratch)
            throws IOException, InterruptedException {
        byte[] producer = Files.readAllBytes(TemplateJar.buildOwn(scratch, "op-counter",
                Map.of("com/example/opcounts/OpCounter.java", PRODUCER)));
        byte[] consumer = Files.readAllBytes(TemplateJar.buildOwn(scratch, "op-report",
                Map.of("com/example/opreport/OpReport.java", CONSUMER)));
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            install(container, "op-report-1.0.0.jar", consumer);
            addToPipeline(container, "StaticIOTranspose", "OpReport");

            ExecResult alone = container.starfish("compile", MODEL, "--output", "m.neff", "--workdir", "m.work");
            assertThat(alone.getExitCode()).as("without the producer's plugin:\n%s", describe(alone)).isEqualTo(2);
            assertThat(alone.getStderr()).as("the plan names what no plugin declares")
                    .contains("job OpReport (op-report-1.0.0.jar) consumes 'op-counts', which neither the host nor any"
                            + " installed plugin declares: install the plugin whose @ArtifactSpec declares it, or "
                            + "remove OpReport from the pipeline");

            install(container, "op-counter-1.0.0.jar", producer);
            addToPipeline(container, "StaticIOTranspose", "OpCounter");
            ExecResult plan = container.starfish("compile", MODEL, "--output", "m.neff", "--workdir", "m.work", "-###");
            assertThat(plan.getExitCode()).as("-###:\n%s", describe(plan)).isZero();
            assertThat(plan.getStdout().lines()).as("-### shows both steps with the artifact:\n%s", plan.getStdout())
                    .contains("# OpCounter (in-process, sgNN): count the instructions into op_counts.json [subgraphs "
                            + "-> op-counts]")
                    .contains("# OpReport (in-process): sum the op counts into op_report.json [op-counts -> op-report]")
                    .as("NeffWrapper's command packs each subgraph's op_counts.json after its goldens")
                    .anyMatch(line -> line.contains("hlo-neff-wrapper") && line.contains(
                            " sgNN/model.bir sgNN/goldens/inputs.bin sgNN/goldens/outputs.bin sgNN/op_counts.json"));

            ExecResult compile = container.starfish("compile", MODEL, "--output", "m.neff", "--workdir", "m.work");
            assertThat(compile.getExitCode()).as("the compile with both plugins:\n%s", describe(compile)).isZero();
            NeffFile neff = new NeffFile("m.neff", container.readFile(StarfishContainer.USER_HOME + "/m.neff"));
            neff.assertManifestMatchesContent();
            assertThat(neff.entries()).as("the NEFF packs the plugin's packed artifact of each subgraph")
                    .containsKeys("sg00/op_counts.json", "sg01/op_counts.json");
            assertThat(new String(neff.entries().get("sg00/op_counts.json"), UTF_8))
                    .matches("\\{\"subgraph\":\"sg00\",\"instructions\":[1-9]\\d*}\n");
            assertThat(text(container, WORK + "/op_report.json")).as("the consumer read the producer's files")
                    .matches("\\{\"subgraphs\":2,\"instructions\":[1-9]\\d*}\n");
            ExecResult gone = container.shell("ls " + WORK + "/sg00/op_counts.json " + WORK + "/sg01/op_counts.json");
            assertThat(gone.getExitCode()).as("SaveTemps removed the intermediate op_counts.json:\n%s", describe(gone))
                    .isNotZero();

            ExecResult kept = container.starfish("compile", MODEL, "--output", "k.neff", "--workdir", "k.work",
                    "--keep-temps");
            assertThat(kept.getExitCode()).as("--keep-temps:\n%s", describe(kept)).isZero();
            assertThat(text(container, StarfishContainer.USER_HOME + "/k.work/sg01/op_counts.json"))
                    .as("--keep-temps keeps it").startsWith("{\"subgraph\":\"sg01\"");
        }
    }

    private static void install(StarfishContainer container, String jarName, byte[] jar) {
        container.putFile("/tmp/" + jarName, jar, 0644);
        ExecResult install = container.rootShell("cp /tmp/" + jarName + " " + PLUGINS + jarName + " && chown root:root "
                + PLUGINS + jarName + " && chmod 0644 " + PLUGINS + jarName);
        assertThat(install.getExitCode()).as("the operator installs %s:\n%s", jarName, describe(install)).isZero();
    }

    /** The operator puts {@code job} right after {@code after} in the pipeline= line. */
    private static void addToPipeline(StarfishContainer container, String after, String job) {
        ExecResult edit = container.rootShell("sed -i 's/^\\(pipeline=.*" + after + "\\),/\\1," + job + ",/' " + CONF
                + " && grep -q '," + after + "," + job + ",' " + CONF);
        assertThat(edit.getExitCode()).as("the operator adds %s to pipeline=:\n%s", job, describe(edit)).isZero();
    }

    private static String text(StarfishContainer container, String path) {
        return new String(container.readFile(path), UTF_8);
    }
}

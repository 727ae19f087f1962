package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline is configuration and the plan is data, on the real distribution: {@code -###}
 * prints the plan and creates nothing, a pipeline is checked against the jobs' declarations
 * before anything runs, an operator changes the job order in one line, the NEFF records how it
 * was made, and no replay script is left behind whose inputs were removed.
 */
class CompilePlanIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void dryRunPrintsThePlanInProcessStepsIncludedAndCreatesNothing() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "-###");

        assertThat(run.exitCode()).as("%s", run).isZero();
        List<String> lines = run.stdout().lines().toList();
        assertThat(lines.get(0)).startsWith("# plan of mlp.hlo: Frontend,StaticIOTranspose,HLOToTensorizer,");
        assertThat(lines).as("the sandbox, one line per step in pipeline order, then the cache line: %s", run)
                .hasSize(12);
        assertThat(lines.get(1)).as("each tool step's sandbox").startsWith("# sandbox: on (launcher.sandbox=auto): ")
                .contains(" --bind " + cwd.resolve("mlp.work/sgNN") + " " + cwd.resolve("mlp.work/sgNN") + " ");
        lines = lines.subList(1, lines.size());
        assertThat(lines.get(1)).startsWith("# Frontend (in-process): ").endsWith("[model -> subgraphs, tensor-map]");
        assertThat(lines.get(3)).as("a native step in replay form, for the template subgraph")
                .isEqualTo("cd " + cwd.resolve("mlp.work/sgNN") + " && exec " + dist.home().resolve("starfish/bin/hlo2penguin")
                        + " model.hlo -o model.penguin");
        assertThat(lines.get(7)).startsWith("# Kelper (in-process): ");
        assertThat(lines.get(8)).as("the .neff is made in the work directory, stored, then moved to -o")
                .contains("hlo-neff-wrapper -o " + cwd.resolve("mlp.work/output.neff")).contains(" compile.json ");
        assertThat(lines.get(9)).startsWith("# SaveTemps (in-process): ");
        assertThat(lines.get(10)).matches("# cache: miss [0-9a-f]{64}");
        assertThat(cwd.resolve(".cache/compile")).as("-### creates no compile cache").doesNotExist();
        assertThat(cwd.resolve("mlp.work")).as("no work directory, no sgNN/").doesNotExist();
        assertThat(cwd.resolve("log-starfish.txt")).doesNotExist();
        assertThat(cwd.resolve("mlp.neff")).doesNotExist();
    }

    @Test
    void aJobWhoseInputNoEarlierJobProducesFailsAtOnceAndCreatesNothing() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--pipeline",
                "Frontend,BIRVerifier");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: job BIRVerifier needs 'bir', which no earlier job produces; "
                + "put WalrusDriver (which produces it) before BIRVerifier in the pipeline\n");
        assertThat(cwd.resolve("mlp.work")).doesNotExist();
        assertThat(cwd.resolve("log-starfish.txt")).doesNotExist();
    }

    @Test
    void anInvalidJobOptionFailsWhenThePlanIsBuiltBeforeAnyJobRuns() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--buffer-bytes", "0");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: option --buffer-bytes expects a positive number of bytes, "
                + "found 0\n");
        assertThat(cwd.resolve("mlp.work/sg00")).as("Frontend did not run").doesNotExist();
        assertThat(cwd.resolve("mlp.work/log-starfish.txt")).content().as("the log names the plan that failed")
                .contains("# plan of mlp.hlo: Frontend,").contains("Compile failed: option --buffer-bytes");
    }

    @Test
    void anOperatorChangesTheJobOrderInOneLineOfConfiguration() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("starfish"));
        new PluginJarBuilder(cwd, "stamp").job("fixture.stamp.Stamp", "package fixture.stamp;\n"
                + "import dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS, consumes = Artifacts.KERNEL_GRAPH,"
                + " action = \"stamp the work directory\")\n"
                + "public class Stamp extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n"
                + "    try { java.nio.file.Files.writeString(s.workDir().resolve(\"stamp.txt\"), \"ran\"); }\n"
                + "    catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); } }\n}\n")
                .buildInto(copy.home().resolve("plugins"), "stamp.jar");
        Path conf = copy.home().resolve("conf/starfish.properties");
        String edited = Files.readString(conf).replace(",Kelper,NeffWrapper,SaveTemps", ",Kelper,Stamp,NeffWrapper");
        assertThat(edited).as("the shipped configuration has the pipeline line").contains("Kelper,Stamp,NeffWrapper");
        Files.writeString(conf, edited);
        Path work = cwd.resolve("w");

        AssembledDistribution.Run plan = copy.run(work, "compile", copy.example("mlp.hlo").toString(), "-###");
        assertThat(plan.stdout()).as("%s", plan).contains("# Stamp (in-process): stamp the work directory")
                .doesNotContain("SaveTemps");
        AssembledDistribution.Run run = copy.run(work, "compile", copy.example("mlp.hlo").toString());

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(work.resolve("mlp.work/stamp.txt")).as("the dropped-in job ran").hasContent("ran");
        assertThat(work.resolve("mlp.work/sg00/model.bir")).as("without SaveTemps the intermediates stay").exists();
        assertThat(work.resolve("mlp.neff")).exists();
    }

    @Test
    void aConfigurationWithoutAPipelineIsNamedWithTheFix() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("starfish"));
        Path conf = copy.home().resolve("conf/starfish.properties");
        Files.writeString(conf, Files.readString(conf).replaceAll("(?m)^pipeline=.*$", ""));
        Path work = cwd.resolve("w");

        AssembledDistribution.Run run = copy.run(work, "compile", copy.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + conf + " sets no pipeline: add pipeline=JOB,JOB,... "
                + "(the default job order) or give --pipeline\n");
        assertThat(work.resolve("mlp.work")).doesNotExist();
        AssembledDistribution.Run explicit = copy.run(work, "compile", copy.example("mlp.hlo").toString(), "--pipeline", "Frontend");
        assertThat(explicit.exitCode()).as("--pipeline needs no configuration: %s", explicit).isZero();
        Files.writeString(conf, "pipeline=Frontend,,Kelper\n");
        AssembledDistribution.Run gap = copy.run(work, "compile", copy.example("mlp.hlo").toString());
        assertThat(gap.exitCode()).as("%s", gap).isEqualTo(2);
        assertThat(gap.stderr()).isEqualTo("starfish: error: " + conf + ": pipeline expects job names separated by "
                + "commas, found 'Frontend,,Kelper'\n");
    }

    @Test
    void theNeffRecordsTheModelsSha256AndTheCompilesOptions() throws IOException {
        Path model = dist.example("mlp.hlo");
        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString(), "-o", "out/m.neff", "--golden-seed", "7",
                "--buffer-bytes", "25165824");
        assertThat(run.exitCode()).as("%s", run).isZero();

        NeffArchive neff = NeffArchive.read(cwd.resolve("out/m.neff"));
        byte[] recordBytes = neff.entries().get("compile.json");
        assertThat(recordBytes).as("compile.json is packed: %s", neff.entries().keySet()).isNotNull();
        JsonNode record = new ObjectMapper().readTree(recordBytes);
        assertThat(record.path("model_sha256").asText()).isEqualTo(NeffArchive.sha256(Files.readAllBytes(model)));
        assertThat(record.path("model").asText()).isEqualTo(model.toString());
        assertThat(record.path("starfish_version").asText()).isEqualTo("0.1.0");
        List<String> pipeline = new ArrayList<>();
        record.path("pipeline").forEach(job -> pipeline.add(job.asText()));
        assertThat(pipeline).containsExactly("Frontend", "StaticIOTranspose", "HLOToTensorizer", "WalrusDriver",
                "BIRVerifier", "XLAInferGoldens", "Kelper", "NeffWrapper", "SaveTemps");
        assertThat(record.path("options").path("XLAInferGoldens").path("--golden-seed").toString()).isEqualTo("[\"7\"]");
        assertThat(record.path("options").path("WalrusDriver").path("--buffer-bytes").toString())
                .isEqualTo("[\"25165824\"]");
        boolean listed = false;
        for (JsonNode entry : neff.manifest().path("entries")) {
            if (entry.path("name").asText().equals("compile.json")) {
                listed = entry.path("sha256").asText().equals(NeffArchive.sha256(recordBytes));
            }
        }
        assertThat(listed).as("the manifest lists compile.json with its sha256").isTrue();
    }

    @Test
    void afterADefaultCompileNoReplayScriptIsLeftWhoseInputsAreGone() throws Exception {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();

        assertThat(cwd.resolve("mlp_two_heads.work/sg00/model.bir")).doesNotExist();
        assertThat(cwd.resolve("mlp_two_heads.work/sg00/replay_WalrusDriver_sg00.sh")).doesNotExist();
        for (Path script : replayScripts(cwd.resolve("mlp_two_heads.work"))) {
            assertThat(runScript(script)).as("a replay script left behind re-runs: %s", script).isZero();
        }
        assertThat(cwd.resolve("mlp_two_heads.work/log-starfish.txt")).content()
                .containsPattern("removed \\d+ replay scripts whose inputs are gone; use --keep-temps to keep both");
    }

    @Test
    void withKeepTempsTheReplayScriptsStayAndStillRun() throws Exception {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString(), "--keep-temps");
        assertThat(run.exitCode()).as("%s", run).isZero();

        Path script = cwd.resolve("mlp_two_heads.work/sg01/replay_WalrusDriver_sg01.sh");
        assertThat(script).isExecutable();
        assertThat(runScript(script)).as("its inputs were kept").isZero();
        assertThat(replayScripts(cwd.resolve("mlp_two_heads.work"))).as("one per native step")
                .hasSize(2 * 4 + 1);
    }

    @Test
    void aJobNamingAnArtifactNoPluginDeclaresIsListedAndItsCompileRefusedByThePlanWhileAMalformedNameIsNotImported()
            throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("plugins"));
        new PluginJarBuilder(cwd, "odd").job("fixture.odd.OddJob", "package fixture.odd;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS, produces = \"bitcode\")\n"
                + "public class OddJob extends InProcessJob { }\n").buildInto(plugins, "odd.jar");
        // built without the plugin API's index processor, which fails such a build
        new PluginJarBuilder(cwd, "bad").withoutJobIndex().job("fixture.bad.BadJob", "package fixture.bad;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS, produces = \"Bit Code\")\n"
                + "public class BadJob extends InProcessJob { }\n").buildInto(plugins, "bad.jar");

        AssembledDistribution.Run jobs = dist.run(cwd, "--plugins-dir", plugins.toString(), "jobs");

        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stdout()).as("a plugin installed later may declare it").contains("OddJob  in-process")
                .as("said once, in the listing").contains("Could not import 'BadJob' from bad.jar: invalid declaration "
                        + "of job class fixture.bad.BadJob in bad.jar: job BadJob produces 'Bit Code', which is no "
                        + "artifact name");
        AssembledDistribution.Run compile = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile",
                dist.example("mlp.hlo").toString(), "--pipeline", "OddJob");
        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(2);
        assertThat(compile.stderr()).contains("job OddJob (odd.jar) produces 'bitcode', which neither the host nor any "
                + "installed plugin declares: install the plugin whose @ArtifactSpec declares it, or remove OddJob from "
                + "the pipeline");
    }

    private static List<Path> replayScripts(Path workDir) throws IOException {
        try (Stream<Path> files = Files.walk(workDir)) {
            return files.filter(p -> p.getFileName().toString().matches("replay_.*\\.sh")).sorted().toList();
        }
    }

    private static int runScript(Path script) throws Exception {
        Process process = new ProcessBuilder("/bin/sh", script.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return process.waitFor();
    }
}

package dev.starfish.runtime.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.plugin.PluginReport;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import dev.starfish.runtime.registry.RegisteredJob;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Artifacts a plugin declares itself ({@code @ArtifactSpec}), on real plugin jars compiled from
 * source: one plugin produces {@code op-counts}, another consumes it; the plan checks the pair
 * across plugins, and admission refuses two meanings of one name.
 */
class PluginArtifactsTest {

    private static final String COUNTS = "@ArtifactSpec(name = \"op-counts\", scope = Artifacts.Scope.SUBGRAPH,"
            + " files = \"op_counts.json\", packed = true)";

    @TempDir
    Path tmp;

    private static String job(String name, String consumes, String produces, String annotations) {
        return "package fixture." + name.toLowerCase() + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS, consumes = {" + consumes + "},"
                + " produces = {" + produces + "})\n" + annotations + "\n"
                + "public class " + name + " extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) { }\n}\n";
    }

    private void plugin(String id, String job, String consumes, String produces, String annotations) {
        new PluginJarBuilder(tmp, id).job("fixture." + job.toLowerCase() + "." + job,
                job(job, consumes, produces, annotations)).buildInto(tmp.resolve("plugins"), id + ".jar");
    }

    private JobRegistry registry(PluginRejectList rejects) {
        return JobRegistry.forDirectory(tmp.resolve("plugins"), rejects).loadAllJobs();
    }

    private void standardPair() {
        plugin("split", "Split", "Artifacts.MODEL", "Artifacts.SUBGRAPHS", "");
        plugin("count", "Count", "Artifacts.SUBGRAPHS", "\"op-counts\"", COUNTS);
    }

    private static List<RegisteredJob> jobs(JobRegistry registry, String... names) {
        return List.of(names).stream().map(registry::registered).toList();
    }

    private static String reasonFor(JobRegistry registry, String jarName) {
        return registry.plugins().stream().filter(r -> r.jarName().equals(jarName)).findFirst().orElseThrow().reason();
    }

    @Test
    void aConsumerOfAnotherPluginsArtifactIsPlannedAndTheCatalogHasTheDeclaration() {
        standardPair();
        plugin("report", "Report", "\"op-counts\"", "", "");
        try (JobRegistry registry = registry(PluginRejectList.none())) {
            Plan plan = Plan.of(jobs(registry, "Split", "Count", "Report"), registry.jobs());
            assertThat(plan.artifacts()).containsExactly("model", "compile-record", "subgraphs", "op-counts");
            assertThat(plan.catalog().of("op-counts")).isEqualTo(new Artifacts.Artifact("op-counts",
                    Artifacts.Scope.SUBGRAPH, List.of("op_counts.json"), true, false, true));
            assertThat(RegisteredJob.catalogOf(registry.jobs())).isEqualTo(plan.catalog());
        }
    }

    @Test
    void aConsumerWithoutItsProducerNamesTheProducerAndOneOfAnArtifactNoPluginDeclaresSaysSo() {
        standardPair();
        plugin("report", "Report", "\"op-counts\"", "", "");
        plugin("orphan", "Orphan", "\"op-latency\"", "", "");
        try (JobRegistry registry = registry(PluginRejectList.none())) {
            assertThatThrownBy(() -> Plan.of(jobs(registry, "Split", "Report"), registry.jobs()))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("job Report needs 'op-counts', which no earlier job produces; put Count (which produces"
                            + " it) before Report in the pipeline");
            assertThatThrownBy(() -> Plan.of(jobs(registry, "Split", "Orphan"), registry.jobs()))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("job Orphan (orphan.jar) consumes 'op-latency', which neither the host nor any installed"
                            + " plugin declares: install the plugin whose @ArtifactSpec declares it, or remove Orphan "
                            + "from the pipeline");
        }
    }

    @Test
    void anArtifactTheNeffPacksMustBeMadeBeforeTheNeffIs() {
        standardPair();
        plugin("pack", "Pack", "Artifacts.SUBGRAPHS", "Artifacts.NEFF", "");
        try (JobRegistry registry = registry(PluginRejectList.none())) {
            assertThat(Plan.of(jobs(registry, "Split", "Count", "Pack"), registry.jobs()).artifacts()).contains("neff");
            assertThatThrownBy(() -> Plan.of(jobs(registry, "Split", "Pack", "Count"), registry.jobs()))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("job Count produces 'op-counts', which the NEFF packs, after Pack has written the NEFF: "
                            + "put Count before Pack in the pipeline");
        }
    }

    @Test
    void equalDeclarationsOfOneNameAreAdmittedAndADifferentOneRefusesEveryJarDeclaringIt() {
        standardPair();
        plugin("same", "Same", "\"op-counts\"", "", COUNTS);
        try (JobRegistry registry = registry(PluginRejectList.none())) {
            assertThat(registry.jobs().stream().map(RegisteredJob::name)).containsExactly("Count", "Same", "Split");
        }
        plugin("other", "Other", "Artifacts.SUBGRAPHS", "\"op-counts\"", COUNTS.replace("op_counts.json", "counts.txt"));
        try (JobRegistry registry = registry(PluginRejectList.none())) {
            assertThat(registry.jobs().stream().map(RegisteredJob::name)).containsExactly("Split");
            assertThat(registry.plugins().stream().filter(r -> r.state() == PluginReport.State.REFUSED)
                    .map(PluginReport::jarName)).containsExactly("count.jar", "other.jar", "same.jar");
            assertThat(reasonFor(registry, "count.jar")).isEqualTo("artifact 'op-counts' of count.jar (per subgraph: "
                    + "op_counts.json, intermediate, packed into the NEFF) is declared differently by other.jar (per "
                    + "subgraph: counts.txt, intermediate, packed into the NEFF); an artifact name must mean one thing, "
                    + "so every jar declaring it differently is refused: make the declarations equal, or rename one");
            assertThat(reasonFor(registry, "other.jar")).startsWith("artifact 'op-counts' of other.jar (per subgraph: "
                    + "counts.txt, intermediate, packed into the NEFF) is declared differently by count.jar (per "
                    + "subgraph: op_counts.json, intermediate, packed into the NEFF), same.jar (");
        }
    }

    @Test
    void aRejectedJobsDeclarationTakesNoPart() {
        standardPair();
        plugin("other", "Other", "Artifacts.SUBGRAPHS", "\"op-counts\"", COUNTS.replace("op_counts.json", "counts.txt"));
        try (JobRegistry registry = registry(PluginRejectList.parse("Other"))) {
            assertThat(registry.jobs().stream().map(RegisteredJob::name)).contains("Count", "Split");
        }
    }

    @Test
    void aPluginThatRedefinesAStandardOrAHostArtifactIsRefusedAlone() {
        standardPair();
        plugin("lower", "Lower", "Artifacts.SUBGRAPHS", "Artifacts.BIR",
                "@ArtifactSpec(name = Artifacts.BIR, scope = Artifacts.Scope.WORK_DIR, files = \"all.bir\")");
        plugin("record", "Record", "Artifacts.SUBGRAPHS", "",
                "@ArtifactSpec(name = Artifacts.COMPILE_RECORD, scope = Artifacts.Scope.WORK_DIR, files = \"compile.json\")");
        try (JobRegistry registry = registry(PluginRejectList.none())) {
            assertThat(registry.jobs().stream().map(RegisteredJob::name)).containsExactly("Count", "Split");
            assertThat(reasonFor(registry, "lower.jar")).isEqualTo("artifact 'bir' of lower.jar (in the work directory: "
                    + "all.bir, intermediate) is a standard artifact of the plugin API, which means per subgraph: "
                    + "model.bir, intermediate, packed into the NEFF; declare it as the API does, or give yours another"
                    + " name");
            assertThat(reasonFor(registry, "record.jar")).startsWith("artifact 'compile-record' of record.jar (in the "
                    + "work directory: compile.json, intermediate) is a standard artifact of the plugin API, which means "
                    + "in the work directory: compile.json, provided by the host, kept;");
        }
    }
}

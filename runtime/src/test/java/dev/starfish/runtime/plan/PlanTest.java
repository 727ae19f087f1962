package dev.starfish.runtime.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import dev.starfish.runtime.registry.RegisteredJob;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pipeline is checked against its jobs' declarations, read from real plugin jars, before anything runs. */
class PlanTest {

    @TempDir
    Path tmp;

    private static String job(String name, String consumes, String produces) {
        return "package fixture." + name.toLowerCase() + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS, consumes = {" + consumes + "},"
                + " produces = {" + produces + "})\n"
                + "public class " + name + " extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) { }\n}\n";
    }

    private JobRegistry registry() {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "split").job("fixture.split.Split", job("Split", "Artifacts.MODEL",
                "Artifacts.SUBGRAPHS")).buildInto(dir, "split.jar");
        new PluginJarBuilder(tmp, "lower").job("fixture.lower.Lower", job("Lower", "Artifacts.SUBGRAPHS",
                "Artifacts.BIR")).buildInto(dir, "lower.jar");
        new PluginJarBuilder(tmp, "check").job("fixture.check.Check", job("Check", "Artifacts.BIR", ""))
                .buildInto(dir, "check.jar");
        new PluginJarBuilder(tmp, "link").job("fixture.link.Link", job("Link", "Artifacts.KERNEL_GRAPH", ""))
                .buildInto(dir, "link.jar");
        return JobRegistry.forDirectory(dir, PluginRejectList.none()).loadAllJobs();
    }

    private static List<RegisteredJob> jobs(JobRegistry registry, String... names) {
        return List.of(names).stream().map(registry::registered).toList();
    }

    @Test
    void aPipelineWhoseJobsFindWhatTheyConsumeIsPlannedWithEveryArtifact() {
        try (JobRegistry registry = registry()) {
            Plan plan = Plan.of(jobs(registry, "Split", "Lower", "Check"), registry.jobs());
            assertThat(plan.jobNames()).containsExactly("Split", "Lower", "Check");
            assertThat(plan.artifacts()).as("host-provided, then produced")
                    .containsExactly("model", "compile-record", "subgraphs", "bir");
        }
    }

    @Test
    void aJobWhoseInputNoEarlierJobProducesIsInvalidInputNamingTheProducer() {
        try (JobRegistry registry = registry()) {
            assertThatThrownBy(() -> Plan.of(jobs(registry, "Split", "Check"), registry.jobs()))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("job Check needs 'bir', which no earlier job produces; put Lower (which produces it) "
                            + "before Check in the pipeline");
        }
    }

    @Test
    void anArtifactNoInstalledJobProducesSaysSo() {
        try (JobRegistry registry = registry()) {
            assertThatThrownBy(() -> Plan.of(jobs(registry, "Split", "Link"), registry.jobs()))
                    .hasMessage("job Link needs 'kernel-graph', which no earlier job produces; no installed job produces "
                            + "it: remove Link from the pipeline");
        }
    }

    @Test
    void aProducerLaterInThePipelineDoesNotCount() {
        try (JobRegistry registry = registry()) {
            assertThatThrownBy(() -> Plan.of(jobs(registry, "Lower", "Split"), registry.jobs()))
                    .hasMessageStartingWith("job Lower needs 'subgraphs', which no earlier job produces; put Split");
        }
    }
}

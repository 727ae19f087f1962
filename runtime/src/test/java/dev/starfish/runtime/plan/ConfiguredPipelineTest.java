package dev.starfish.runtime.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import dev.starfish.runtime.registry.RegisteredJob;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configured pipeline against real plugin jars: each name's place and when a compile runs it. */
class ConfiguredPipelineTest {

    @TempDir
    Path tmp;

    private static String job(String name, String extra) {
        return "package fixture." + name.toLowerCase() + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS" + extra + ")\n" + extra(extra)
                + "public class " + name + " extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) { }\n}\n";
    }

    private static String extra(String spec) {
        return spec.contains("enabledBy") ? "@JobOptionSpec(name = \"--probe\", type = JobOption.Type.FLAG, "
                + "description = \"Probe.\")\n" : "";
    }

    private JobRegistry registry(String rejected) {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "first").job("fixture.first.First", job("First", "")).buildInto(dir, "first.jar");
        new PluginJarBuilder(tmp, "probe").job("fixture.probe.Probe", job("Probe", ", enabledBy = \"--probe\""))
                .buildInto(dir, "probe.jar");
        new PluginJarBuilder(tmp, "spare").job("fixture.spare.Spare", job("Spare", "")).buildInto(dir, "spare.jar");
        new PluginJarBuilder(tmp, "gone").job("fixture.gone.Gone", job("Gone", "")).buildInto(dir, "gone.jar");
        return JobRegistry.forDirectory(dir, PluginRejectList.parse(rejected)).loadAllJobs();
    }

    @Test
    void eachConfiguredNameHasItsPlaceAndWhenItRuns() {
        try (JobRegistry registry = registry("Gone")) {
            ConfiguredPipeline pipeline = ConfiguredPipeline.of(List.of("First", "Probe", "Gone", "Nobody"), registry);

            assertThat(pipeline.stages()).extracting(ConfiguredPipeline.Stage::position, ConfiguredPipeline.Stage::name,
                    ConfiguredPipeline.Stage::runs).containsExactly(
                            org.assertj.core.groups.Tuple.tuple(1, "First", ConfiguredPipeline.Runs.ALWAYS),
                            org.assertj.core.groups.Tuple.tuple(2, "Probe", ConfiguredPipeline.Runs.ON_REQUEST),
                            org.assertj.core.groups.Tuple.tuple(3, "Gone", ConfiguredPipeline.Runs.REJECTED),
                            org.assertj.core.groups.Tuple.tuple(4, "Nobody", ConfiguredPipeline.Runs.UNAVAILABLE));
            assertThat(pipeline.stages().get(1).enabledBy()).hasValue("--probe");
            assertThat(pipeline.positionOf("Probe")).hasValue(2);
            assertThat(pipeline.positionOf("Spare")).isEmpty();
            assertThat(pipeline.notIn(registry)).extracting(RegisteredJob::name).containsExactly("Spare");
        }
    }
}

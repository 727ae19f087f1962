package dev.starfish.runtime.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobClassifierTest {

    @TempDir
    Path tmp;

    private static final String NATIVE = "package fixture.nat;\nimport dev.starfish.api.*;\nimport java.util.List;\n"
            + "@org.pf4j.Extension @JobSpec(kind = JobKind.NATIVE, tool = \"tool\")\n"
            + "public class ToolJob extends NativeJob {\n"
            + "  @Override protected List<String> argv(java.nio.file.Path exe, Subgraph in, JobState s, JobOptions o) {\n"
            + "    return List.of(exe.toString());\n  }\n}\n";

    private static final String REFERENCES_PROCESS = "package fixture.proc;\nimport dev.starfish.api.*;\n"
            + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
            + "public class ProcessMentioningJob extends InProcessJob {\n"
            + "  static final Class<?> KIND = ProcessBuilder.class;\n"
            + "  @Override protected void runSingleInput(Subgraph in, JobState s, JobContext c) {\n"
            + "    ProcessBuilder unused = new ProcessBuilder(\"true\");\n"
            + "    c.log().info(\"would run {} but does not\", unused.command());\n  }\n}\n";

    @Test
    void aJobIsNativeIffItCallsTheResolverNeverBecauseItMentionsAProcessClass() {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "nat").job("fixture.nat.ToolJob", NATIVE).buildInto(dir, "nat.jar");
        new PluginJarBuilder(tmp, "proc").job("fixture.proc.ProcessMentioningJob", REFERENCES_PROCESS)
                .buildInto(dir, "proc.jar");
        try (JobRegistry registry = JobRegistry.forDirectory(dir, PluginRejectList.none()).loadAllJobs()) {
            JobClassification tool = JobClassifier.classify(registry.registered("ToolJob"), "native");
            JobClassification mentioning = JobClassifier.classify(registry.registered("ProcessMentioningJob"), "in-process");

            assertThat(tool.resolverRefs()).as("the NativeJob template it inherits resolves its tool").isEqualTo(1);
            assertThat(tool.spawnRefs()).as("and runs it through the launcher").isEqualTo(1);
            assertThat(tool.kind()).isEqualTo("native");
            assertThat(mentioning.processClassRefs()).as("ProcessBuilder is referenced").isGreaterThan(0);
            assertThat(mentioning.resolverRefs()).isZero();
            assertThat(mentioning.kind()).as("referencing a process class does not make a job native")
                    .isEqualTo("in-process");
            assertThat(mentioning.agrees()).isTrue();
        }
    }
}

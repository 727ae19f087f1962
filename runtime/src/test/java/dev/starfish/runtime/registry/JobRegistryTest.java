package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.Job;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobState;
import dev.starfish.api.Launcher;
import dev.starfish.api.Subgraph;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.plugin.PluginReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobRegistryTest {

    @TempDir
    Path tmp;

    private Path plugins() throws IOException {
        return Files.createDirectories(tmp.resolve("plugins"));
    }

    private PluginJarBuilder plugin(String id) {
        return new PluginJarBuilder(tmp, id);
    }

    private static String greeting(String text) {
        return "package fixture.lib;\npublic final class Greeting { public static String text() { return \"" + text + "\"; } }\n";
    }

    private PluginJarBuilder greeter(String id, String jobName, String text) {
        return plugin(id)
                .source("fixture.lib.Greeting", greeting(text))
                .job("fixture." + id + "." + jobName,
                        PluginJarBuilder.inProcessJob("fixture." + id, jobName, "", "fixture.lib.Greeting.text()"))
                .entry("fixture/resource.txt", text);
    }

    private static JobRegistry load(Path dir, PluginRejectList rejects) {
        return JobRegistry.forDirectory(dir, rejects).loadAllJobs();
    }

    private static String runAndRead(Job job, Path tmp) {
        JobState state = new JobState(tmp.resolve("model.hlo"), tmp, tmp);
        job.run(state, new SequentialContext());
        return state.artifacts().get(job.name()).toString();
    }

    @Test
    void twoPluginsBundlingDifferentVersionsOfTheSameClassEachSeeTheirOwn() throws IOException {
        Path dir = plugins();
        greeter("alpha", "AlphaJob", "greeting-v1").buildInto(dir, "alpha.jar");
        greeter("beta", "BetaJob", "greeting-v2").buildInto(dir, "beta.jar");

        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            assertThat(registry.warnings()).isEmpty();
            assertThat(runAndRead(registry.job("AlphaJob"), tmp)).isEqualTo("greeting-v1");
            assertThat(runAndRead(registry.job("BetaJob"), tmp)).isEqualTo("greeting-v2");
            ClassLoader alpha = registry.registered("AlphaJob").type().getClassLoader();
            ClassLoader beta = registry.registered("BetaJob").type().getClassLoader();
            assertThat(alpha).isNotSameAs(beta).isInstanceOf(JobClassLoader.class);
            assertThat(alpha.getResource("fixture/resource.txt").toString()).contains("alpha.jar");
            assertThat(beta.getResource("fixture/resource.txt").toString()).contains("beta.jar");
        }
    }

    @Test
    void aPluginNeverSeesTheHostsOwnLibraries() throws Exception {
        Path dir = plugins();
        greeter("alpha", "AlphaJob", "x").buildInto(dir, "alpha.jar");
        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            ClassLoader loader = registry.registered("AlphaJob").type().getClassLoader();
            assertThatThrownBy(() -> loader.loadClass("picocli.CommandLine")).isInstanceOf(ClassNotFoundException.class);
            assertThatThrownBy(() -> loader.loadClass("org.apache.logging.log4j.core.LoggerContext"))
                    .isInstanceOf(ClassNotFoundException.class);
            assertThat(loader.loadClass("dev.starfish.api.Job")).isSameAs(Job.class);
            assertThat(loader.loadClass("org.apache.logging.log4j.Logger")).isSameAs(Logger.class);
            assertThat(loader.loadClass("java.util.List")).isSameAs(List.class);
            assertThat(loader.getResource("picocli/CommandLine.class")).isNull();
        }
    }

    @Test
    void aPluginBundlingThePluginApiWorksWithTheHostsCopyAndIsWarnedAbout() throws Exception {
        Path dir = plugins();
        greeter("bundler", "BundlerJob", "bundled")
                .source("dev.starfish.api.Extra", "package dev.starfish.api;\npublic final class Extra { }\n")
                .buildInto(dir, "bundler.jar");
        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            assertThat(runAndRead(registry.job("BundlerJob"), tmp)).isEqualTo("bundled");
            assertThat(registry.registered("BundlerJob").type().getClassLoader().loadClass("dev.starfish.api.Job"))
                    .isSameAs(Job.class);
            assertThat(registry.warnings()).singleElement().asString()
                    .contains("bundler.jar").contains("bundles its own copy of the Starfish plugin API");
        }
    }

    @Test
    void brokenPluginsAreSkippedWithCouldNotImportWhileTheRestLoad() throws IOException {
        Path dir = plugins();
        greeter("good", "GoodJob", "ok").buildInto(dir, "good.jar");
        Files.write(dir.resolve("corrupt.jar"), new byte[] {'P', 'K', 3, 4, 'n', 'o', 't', ' ', 'a', ' ', 'z', 'i', 'p'});
        greeter("nodesc", "NoDescriptorJob", "x").withoutDescriptor().buildInto(dir, "nodesc.jar");
        plugin("missing").listedJob("fixture.missing.MissingJob").buildInto(dir, "missing.jar");
        plugin("linkage")
                .source("fixture.linkage.Base", "package fixture.linkage;\npublic class Base extends dev.starfish.api.InProcessJob {"
                        + " protected void runSingleInput(dev.starfish.api.Subgraph i, dev.starfish.api.JobState s,"
                        + " dev.starfish.api.JobContext c) { } }\n")
                .job("fixture.linkage.LinkageJob", "package fixture.linkage;\n@org.pf4j.Extension"
                        + " @dev.starfish.api.JobSpec(kind = dev.starfish.api.JobKind.IN_PROCESS) public class LinkageJob extends Base { }\n")
                .buildInto(dir, "linkage.jar");
        deleteEntry(dir.resolve("linkage.jar"), "fixture/linkage/Base.class");

        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            assertThat(registry.jobs()).extracting(RegisteredJob::name).containsExactly("GoodJob");
            assertThat(registry.warnings()).hasSize(4);
            assertThat(registry.warnings()).anySatisfy(w -> assertThat(w).startsWith("Could not import 'corrupt' from corrupt.jar: not a readable jar"));
            assertThat(registry.warnings()).anySatisfy(w -> assertThat(w).startsWith("Could not import 'nodesc' from nodesc.jar: no plugin descriptor"));
            assertThat(registry.warnings()).anySatisfy(w -> assertThat(w).startsWith("Could not import 'MissingJob' from missing.jar:")
                    .contains("is missing from missing.jar"));
            assertThat(registry.warnings()).anySatisfy(w -> assertThat(w).startsWith("Could not import 'LinkageJob' from linkage.jar:")
                    .contains("fixture/linkage/Base"));
            assertThat(registry.warnings()).allSatisfy(w -> assertThat(w).doesNotContain("\n"));
        }
    }

    @Test
    void theRejectListRemovesAJobBeforeItsClassIsEvenInitialised() throws IOException {
        Path dir = plugins();
        greeter("good", "GoodJob", "ok").buildInto(dir, "good.jar");
        plugin("thrower").job("fixture.thrower.ThrowingJob", PluginJarBuilder.inProcessJob("fixture.thrower", "ThrowingJob",
                "if (true) throw new IllegalStateException(\"boom\");", "1")).buildInto(dir, "thrower.jar");

        try (JobRegistry registry = load(dir, PluginRejectList.parse("ThrowingJob, Other"))) {
            assertThat(registry.jobs()).extracting(RegisteredJob::name).containsExactly("GoodJob");
            assertThat(registry.warnings()).isEmpty();
            assertThatThrownBy(() -> registry.job("ThrowingJob")).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("reject list");
        }
    }

    @Test
    void anUnknownJobNameListsTheKnownJobs() throws IOException {
        Path dir = plugins();
        greeter("alpha", "AlphaJob", "1").buildInto(dir, "alpha.jar");
        greeter("beta", "BetaJob", "2").buildInto(dir, "beta.jar");
        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            assertThatThrownBy(() -> registry.job("Gamma")).isInstanceOf(InvalidInputException.class)
                    .hasMessage("Unknown job 'Gamma'; known jobs: AlphaJob, BetaJob");
        }
    }

    @Test
    void makePipelineChecksEveryNameBeforeCreatingAnyJob() throws IOException {
        Path dir = plugins();
        plugin("ctor").job("fixture.ctor.ExplodingJob", "package fixture.ctor;\n@org.pf4j.Extension"
                + " @dev.starfish.api.JobSpec(kind = dev.starfish.api.JobKind.IN_PROCESS) public class ExplodingJob"
                + " extends dev.starfish.api.InProcessJob { public ExplodingJob() { throw new IllegalStateException(\"created\"); }"
                + " protected void runSingleInput(dev.starfish.api.Subgraph i, dev.starfish.api.JobState s, dev.starfish.api.JobContext c) { } }\n")
                .buildInto(dir, "ctor.jar");
        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            assertThatThrownBy(() -> registry.makePipeline(List.of("ExplodingJob", "Nope")))
                    .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("Unknown job 'Nope'");
            assertThatThrownBy(() -> registry.makePipeline(List.of("ExplodingJob")))
                    .hasMessageContaining("could not be created").hasMessageContaining("created");
        }
    }

    @Test
    void twoPluginsDeclaringOneJobAreBothRefusedAndNeitherRuns() throws IOException {
        Path dir = plugins();
        greeter("second", "SameJob", "from-b").buildInto(dir, "b-same.jar");
        greeter("first", "SameJob", "from-a").buildInto(dir, "a-same.jar");
        greeter("other", "OtherJob", "other").buildInto(dir, "other.jar");
        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            assertThat(registry.jobs()).extracting(RegisteredJob::name).as("only the undisputed job").containsExactly("OtherJob");
            assertThat(registry.warnings()).containsExactly(
                    "Refused a-same.jar: job 'SameJob' of a-same.jar is also declared by b-same.jar; a job name must come"
                            + " from one jar only, so every jar declaring it is refused: remove the jar you do not trust",
                    "Refused b-same.jar: job 'SameJob' of b-same.jar is also declared by a-same.jar; a job name must come"
                            + " from one jar only, so every jar declaring it is refused: remove the jar you do not trust");
            assertThatThrownBy(() -> registry.job("SameJob")).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("Unknown job 'SameJob' (its jars a-same.jar and b-same.jar were refused: see `starfish plugins list`)");
        }
    }

    @Test
    void aDuplicatedJobThatIsRejectedRefusesNoJar() throws IOException {
        Path dir = plugins();
        greeter("second", "SameJob", "from-b").buildInto(dir, "b-same.jar");
        greeter("first", "SameJob", "from-a").buildInto(dir, "a-same.jar");
        try (JobRegistry registry = load(dir, PluginRejectList.parse("SameJob"))) {
            assertThat(registry.warnings()).as("a rejected job takes no part in the duplicate rule").isEmpty();
            assertThat(registry.plugins()).extracting(PluginReport::state)
                    .containsExactly(PluginReport.State.LOADED, PluginReport.State.LOADED);
        }
    }

    @Test
    void aNewJarDroppedInAppearsOnTheNextLoad() throws IOException {
        Path dir = plugins();
        greeter("alpha", "AlphaJob", "1").buildInto(dir, "alpha.jar");
        try (JobRegistry first = load(dir, PluginRejectList.none())) {
            assertThat(first.jobs()).extracting(RegisteredJob::name).containsExactly("AlphaJob");
        }
        greeter("beta", "BetaJob", "2").buildInto(dir, "beta.jar");
        try (JobRegistry second = load(dir, PluginRejectList.none())) {
            assertThat(second.jobs()).extracting(RegisteredJob::name).containsExactly("AlphaJob", "BetaJob");
        }
    }

    @Test
    void aJobIsCreatedWithItsOwnLoaderAsTheContextClassLoader() throws IOException {
        Path dir = plugins();
        plugin("tccl").job("fixture.tccl.TcclJob", PluginJarBuilder.inProcessJob("fixture.tccl", "TcclJob", "",
                "Thread.currentThread().getContextClassLoader().getName()")).buildInto(dir, "tccl.jar");
        try (JobRegistry registry = load(dir, PluginRejectList.none())) {
            Job job = registry.job("TcclJob");
            JobState state = new JobState(tmp.resolve("m"), tmp, tmp);
            ClassLoader before = Thread.currentThread().getContextClassLoader();
            try (var scope = JobThreadScope.enter(registry.registered("TcclJob"))) {
                job.run(state, new SequentialContext());
            }
            assertThat(state.artifacts().get("TcclJob").toString()).isEqualTo("job:tccl");
            assertThat(Thread.currentThread().getContextClassLoader()).isSameAs(before);
        }
    }

    private static void deleteEntry(Path jar, String entry) throws IOException {
        try (var fs = java.nio.file.FileSystems.newFileSystem(jar)) {
            Files.delete(fs.getPath(entry));
        }
    }

    /** A context that runs inputs one after the other and offers no launcher. */
    static final class SequentialContext implements JobContext {
        @Override public Launcher launcher() { throw new IllegalStateException("no launcher in this test"); }
        @Override public Logger log() { return LogManager.getLogger("test"); }
        @Override public JobOptions options() { return JobOptions.empty(); }
        @Override public void forEachInput(List<Subgraph> inputs, Consumer<Subgraph> action) { inputs.forEach(action); }
    }
}

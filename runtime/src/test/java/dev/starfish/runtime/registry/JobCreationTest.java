package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.Job;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobException;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobState;
import dev.starfish.api.PluginApi;
import dev.starfish.runtime.plugin.PluginRejectList;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No plugin code runs for a job until a compile creates it; whatever it throws then is one line. */
class JobCreationTest {

    @TempDir
    Path tmp;

    /** A native job whose static initialiser and constructor each leave a file behind. */
    static String markerJob(String pkg, String name, Path clinitMarker, Path ctorMarker) {
        return "package " + pkg + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.NATIVE, tool = \"marker_tool\")\n"
                + "@JobOptionSpec(name = \"--marker-level\", type = JobOption.Type.INTEGER, paramLabel = \"N\",\n"
                + "    description = \"How loud.\", defaultValue = \"3\")\n"
                + "@JobOptionSpec(name = \"--marker-quiet\", type = JobOption.Type.FLAG, description = \"Hush.\")\n"
                + "public class " + name + " extends NativeJob {\n"
                + "  static { touch(\"" + clinitMarker + "\"); }\n"
                + "  public " + name + "() { touch(\"" + ctorMarker + "\"); }\n"
                + "  static void touch(String file) {\n"
                + "    try { java.nio.file.Files.writeString(java.nio.file.Path.of(file), \"ran\"); }\n"
                + "    catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); } }\n"
                + "  @Override protected java.util.List<String> argv(java.nio.file.Path e, Subgraph i, JobState s, JobOptions o) {\n"
                + "    return java.util.List.of(e.toString()); }\n}\n";
    }

    private static String inProcess(String pkg, String name, String members) {
        return "package " + pkg + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class " + name + " extends InProcessJob {\n" + members + "\n"
                + "  @Override protected void runSingleInput(Subgraph i, JobState s, JobContext c) { }\n}\n";
    }

    private Path pluginsWith(String id, String className, String source) {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, id).job(className, source).buildInto(dir, id + ".jar");
        return dir;
    }

    private static JobRegistry load(Path dir) {
        return JobRegistry.forDirectory(dir, PluginRejectList.none()).loadAllJobs();
    }

    @Test
    void loadingAndReadingTheDeclarationRunNoPluginCodeUntilTheJobIsCreated() throws IOException {
        Path clinit = tmp.resolve("clinit-ran");
        Path ctor = tmp.resolve("ctor-ran");
        Path dir = pluginsWith("marker", "fixture.marker.MarkerJob", markerJob("fixture.marker", "MarkerJob", clinit, ctor));
        new PluginJarBuilder(tmp, "other").job("fixture.other.OtherJob",
                PluginJarBuilder.inProcessJob("fixture.other", "OtherJob", "", "\"other ran\"")).buildInto(dir, "other.jar");

        try (JobRegistry registry = load(dir)) {
            JobDeclaration declaration = registry.registered("MarkerJob").declaration();
            assertThat(declaration).isEqualTo(new JobDeclaration("MarkerJob", JobKind.NATIVE, Optional.of("marker_tool"),
                    List.of(new JobOption("--marker-level", "N", "How loud.", "3", JobOption.Type.INTEGER),
                            new JobOption("--marker-quiet", "", "Hush.", "", JobOption.Type.FLAG))));
            assertThat(JobDeclaration.of(registry.registered("MarkerJob").type()))
                    .as("the class-file reader and reflection read the same declaration").isEqualTo(declaration);

            Job other = registry.makePipeline(List.of("OtherJob")).get(0);
            JobState state = new JobState(tmp.resolve("m"), tmp, tmp);
            other.run(state, new JobRegistryTest.SequentialContext());
            assertThat(state.artifacts().get("OtherJob")).as("a compile of another job runs").hasToString("other ran");
            assertThat(clinit).as("MarkerJob's static initialiser has not run").doesNotExist();
            assertThat(ctor).as("MarkerJob was never created").doesNotExist();

            registry.job("MarkerJob");
            assertThat(clinit).as("creating the job runs its static initialiser").exists();
            assertThat(ctor).as("and its constructor").exists();
        }
    }

    @Test
    void aThrowingConstructorBecomesOneLineNamingTheJobAndItsJar() {
        Path dir = pluginsWith("ctor", "fixture.ctor.ExplodingJob", inProcess("fixture.ctor", "ExplodingJob",
                "  public ExplodingJob() { throw new IllegalStateException(\"boom\"); }"));
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).as("listed, though it cannot be created").extracting(RegisteredJob::name)
                    .containsExactly("ExplodingJob");
            assertThatThrownBy(() -> registry.job("ExplodingJob")).isInstanceOf(JobException.class)
                    .hasMessage("job ExplodingJob of plugin ctor (ctor.jar) could not be created: "
                            + "java.lang.IllegalStateException: boom");
        }
    }

    @Test
    void aJobWithoutAPublicNoArgumentConstructorIsOneLine() {
        Path dir = pluginsWith("priv", "fixture.priv.PrivateJob", inProcess("fixture.priv", "PrivateJob",
                "  private PrivateJob() { }"));
        try (JobRegistry registry = load(dir)) {
            assertThatThrownBy(() -> registry.job("PrivateJob")).isInstanceOf(JobException.class)
                    .hasMessageStartingWith("job PrivateJob of plugin priv (priv.jar) needs a public no-argument constructor: "
                            + "java.lang.IllegalAccessException:");
        }
    }

    @Test
    void aStackOverflowInTheStaticInitialiserBecomesOneLineWhenTheJobIsCreated() {
        Path dir = pluginsWith("deep", "fixture.deep.DeepJob", inProcess("fixture.deep", "DeepJob",
                "  static final int DEPTH = recurse(0);\n  static int recurse(int n) { return recurse(n + 1) + 1; }"));
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.warnings()).as("loading the class does not initialise it").isEmpty();
            assertThatThrownBy(() -> registry.job("DeepJob")).isInstanceOf(JobException.class)
                    .hasMessage("job DeepJob of plugin deep (deep.jar) could not be created: java.lang.StackOverflowError");
        }
    }

    @Test
    void aFailingStaticInitialiserBecomesOneLineEachTimeTheJobIsCreated() {
        Path dir = pluginsWith("thrower", "fixture.thrower.ThrowingJob", PluginJarBuilder.inProcessJob("fixture.thrower",
                "ThrowingJob", "if (true) throw new IllegalStateException(\"boom in static init\");", "1"));
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).extracting(RegisteredJob::name).containsExactly("ThrowingJob");
            assertThatThrownBy(() -> registry.job("ThrowingJob")).isInstanceOf(JobException.class)
                    .hasMessage("job ThrowingJob of plugin thrower (thrower.jar) could not be created: "
                            + "java.lang.IllegalStateException: boom in static init");
            assertThatThrownBy(() -> registry.job("ThrowingJob")).as("the second attempt: the JVM's linkage error")
                    .isInstanceOf(JobException.class)
                    .hasMessageStartingWith("job ThrowingJob of plugin thrower (thrower.jar) could not be created: "
                            + "java.lang.NoClassDefFoundError: Could not initialize class fixture.thrower.ThrowingJob")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void aJobClassWithoutJobSpecIsNotImported() {
        Path dir = pluginsWith("nospec", "fixture.nospec.NoSpecJob", "package fixture.nospec;\n"
                + "@org.pf4j.Extension public class NoSpecJob extends dev.starfish.api.InProcessJob { }\n");
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(registry.warnings()).containsExactly("Could not import 'NoSpecJob' from nospec.jar: invalid "
                    + "declaration of job class fixture.nospec.NoSpecJob in nospec.jar: job class fixture.nospec.NoSpecJob"
                    + " has no @dev.starfish.api.JobSpec annotation: declare its kind (and tool) with it, e.g. "
                    + "@JobSpec(kind = JobKind.IN_PROCESS); a plugin built before @JobSpec, against the first, "
                    + "unversioned plugin API, needs rebuilding against plugin API " + PluginApi.VERSION + " (with "
                    + "Plugin-Requires: ^" + PluginApi.VERSION + ")");
        }
    }

    @Test
    void aCorruptJobClassFileIsNotImportedAndTheOtherPluginsLoad() {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "corrupt").listedJob("fixture.corrupt.CorruptJob")
                .entry("fixture/corrupt/CorruptJob.class", new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0})
                .buildInto(dir, "corrupt.jar");
        new PluginJarBuilder(tmp, "fine").job("fixture.fine.FineJob",
                PluginJarBuilder.inProcessJob("fixture.fine", "FineJob", "", "1")).buildInto(dir, "fine.jar");
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).extracting(RegisteredJob::name).containsExactly("FineJob");
            assertThat(registry.warnings()).singleElement().asString().startsWith("Could not import 'CorruptJob' from "
                    + "corrupt.jar: the class file of fixture.corrupt.CorruptJob in corrupt.jar is not a valid class file: ");
        }
    }

    @Test
    void aNativeDeclarationWithoutAToolIsNotImported() {
        // the plugin API's index processor fails such a build, so this jar is one built without it
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "notool").withoutJobIndex().job("fixture.notool.NoToolJob", "package fixture.notool;\n"
                + "import dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.NATIVE) public class NoToolJob extends NativeJob {\n"
                + "  @Override protected java.util.List<String> argv(java.nio.file.Path e, Subgraph i, JobState s, JobOptions o) {\n"
                + "    return java.util.List.of(); }\n}\n").buildInto(dir, "notool.jar");
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(registry.warnings()).singleElement().asString()
                    .startsWith("Could not import 'NoToolJob' from notool.jar:")
                    .endsWith("job NoToolJob is declared native but names no tool: expected "
                            + "@JobSpec(kind = NATIVE, tool = \"<bare tool name>\")");
        }
    }

    @Test
    void aDeclaredKindThatContradictsTheBaseClassIsNotImported() {
        Path dir = pluginsWith("liar", "fixture.liar.LiarJob", "package fixture.liar;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.NATIVE, tool = \"x\") public class LiarJob extends InProcessJob { }\n");
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(registry.warnings()).containsExactly("Could not import 'LiarJob' from liar.jar: job class "
                    + "fixture.liar.LiarJob in liar.jar is declared native but extends InProcessJob: make "
                    + "@JobSpec(kind = ...) and the base class agree");
        }
    }

    @Test
    void aPluginsOwnAnnotationOnTheJobClassRunsNoCodeWhileListing() throws IOException {
        Path marker = tmp.resolve("enum-initialised");
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "annot")
                .source("fixture.annot.Level", "package fixture.annot;\npublic enum Level { LOUD;\n"
                        + "  static { try { java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + marker + "\"), \"x\"); }"
                        + " catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); } } }\n")
                .source("fixture.annot.Volume", "package fixture.annot;\n@java.lang.annotation.Retention("
                        + "java.lang.annotation.RetentionPolicy.RUNTIME) public @interface Volume { Level value(); }\n")
                .job("fixture.annot.AnnotatedJob", "package fixture.annot;\nimport dev.starfish.api.*;\n"
                        + "@org.pf4j.Extension @Volume(Level.LOUD) @JobSpec(kind = JobKind.IN_PROCESS)\n"
                        + "public class AnnotatedJob extends InProcessJob { }\n")
                .buildInto(dir, "annot.jar");
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.registered("AnnotatedJob").declaration().kind()).isEqualTo(JobKind.IN_PROCESS);
            assertThat(marker).as("the plugin's enum, named by an annotation, is not initialised").doesNotExist();
        }
    }
}

package dev.starfish.runtime.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Job;
import dev.starfish.api.PluginApi;
import dev.starfish.runtime.plugin.PluginDirectoryScanner;
import dev.starfish.runtime.plugin.PluginTrust;
import dev.starfish.runtime.registry.HostSharedPackages;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each rule of {@code plugins lint} on real jars: descriptor, index, declarations, creation, installed plugins, trust. */
class PluginLinterTest {

    @TempDir
    Path tmp;

    private Path installed() throws IOException {
        return Files.createDirectories(tmp.resolve("installed"));
    }

    private List<String> lint(Path jar) throws IOException {
        PluginLinter linter = new PluginLinter(PluginLinterTest.class.getClassLoader(), HostSharedPackages.defaults(),
                PluginTrust.forCurrentUser(), new PluginDirectoryScanner(installed()).scan(), List.of());
        return linter.lint(jar, jar.getFileName().toString()).stream().map(LintFinding::line).toList();
    }

    private static String job(String pkg, String name, String annotation, String base, String members) {
        return "package " + pkg + ";\nimport dev.starfish.api.*;\n@org.pf4j.Extension " + annotation + "\n"
                + "public class " + name + " extends " + base + " {\n" + members + "\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) { }\n}\n";
    }

    private static String inProcess(String pkg, String name, String members) {
        return job(pkg, name, "@JobSpec(kind = JobKind.IN_PROCESS)", "InProcessJob", members);
    }

    private PluginJarBuilder plugin(String id, String pkg, String name, String members) {
        return new PluginJarBuilder(tmp, id).job(pkg + "." + name, inProcess(pkg, name, members));
    }

    /** The jar without one of its entries. */
    private static Path without(Path jar, String entryName) throws IOException {
        Path out = jar.resolveSibling("without-" + jar.getFileName());
        try (JarFile in = new JarFile(jar.toFile()); OutputStream file = Files.newOutputStream(out);
                JarOutputStream jarOut = new JarOutputStream(file)) {
            for (JarEntry entry : Collections.list(in.entries())) {
                if (!entry.getName().equals(entryName)) {
                    jarOut.putNextEntry(new JarEntry(entry.getName()));
                    try (InputStream data = in.getInputStream(entry)) {
                        data.transferTo(jarOut);
                    }
                    jarOut.closeEntry();
                }
            }
        }
        return out;
    }

    @Test
    void aWellFormedJarHasNoFindings() throws IOException {
        Path jar = plugin("good", "fixture.good", "GoodJob", "").buildInto(tmp, "good.jar");
        assertThat(lint(jar)).isEmpty();
    }

    @Test
    void aJarWithoutPluginIdOrVersionHasNoDescriptor() throws IOException {
        Path jar = plugin("nodesc", "fixture.nd", "NdJob", "").withoutDescriptor().buildInto(tmp, "nodesc.jar");
        assertThat(lint(jar)).containsExactly("nodesc.jar: error: no plugin descriptor: expected Plugin-Id and "
                + "Plugin-Version in META-INF/MANIFEST.MF, found Plugin-Id=null, Plugin-Version=null; set them in "
                + "maven-jar-plugin's <manifestEntries> (see sdk/job-template/pom.xml)");
    }

    @Test
    void aJarForAnotherPluginApiIsTheRegistrysRefusalBeforeAnyoneInstallsIt() throws IOException {
        Path jar = plugin("future", "fixture.future", "FutureJob", "").requires("^2.0.0").buildInto(tmp, "future.jar");
        assertThat(lint(jar)).containsExactly("future.jar: error: the registry refuses the jar before loading it: it"
                + " needs plugin API ^2.0.0 (its Plugin-Requires); this Starfish provides plugin API "
                + PluginApi.VERSION + " (and 0.1.0, which it only adds to): use a Starfish whose plugin API is in that range, or rebuild"
                + " the plugin against plugin API " + PluginApi.VERSION);
    }

    @Test
    void aPluginIdThatCouldNameAPathIsAnError() throws IOException {
        Path jar = plugin("x", "fixture.pid", "PidJob", "").pluginId("../evil").buildInto(tmp, "pid.jar");
        assertThat(lint(jar)).containsExactly("pid.jar: error: Plugin-Id '../evil' is not a plain name: expected "
                + "[a-z0-9][a-z0-9._-]* (it names the plugin's native cache directory), so the registry refuses the "
                + "jar; fix Plugin-Id in META-INF/MANIFEST.MF");
    }

    @Test
    void aJarWithoutExtensionIndexNamesTheAnnotation() throws IOException {
        Path jar = without(plugin("noidx", "fixture.ni", "NiJob", "").buildInto(tmp, "noidx.jar"),
                "META-INF/extensions.idx");
        assertThat(lint(jar)).containsExactly("without-noidx.jar: error: no job extension index "
                + "META-INF/extensions.idx: annotate each job class with @org.pf4j.Extension and compile with pf4j "
                + "on the class path (its annotation processor writes the index)");
    }

    @Test
    void anEmptyExtensionIndexAddsNoJob() throws IOException {
        Path jar = new PluginJarBuilder(tmp, "empty").buildInto(tmp, "empty.jar");
        assertThat(lint(jar)).containsExactly("empty.jar: error: META-INF/extensions.idx lists no job class, so the "
                + "jar adds no job: annotate each job class with @org.pf4j.Extension");
    }

    @Test
    void aListedClassMissingFromTheJarCannotBeImported() throws IOException {
        Path jar = plugin("miss", "fixture.miss", "HereJob", "").listedJob("fixture.miss.GoneJob")
                .buildInto(tmp, "miss.jar");
        assertThat(lint(jar)).containsExactly("miss.jar: error: class fixture.miss.GoneJob listed in "
                + "META-INF/extensions.idx is missing from the jar, so job 'GoneJob' cannot be imported: rebuild the "
                + "jar (mvn clean package) so the index and the classes agree");
    }

    @Test
    void aJobClassWithoutJobSpecOrWithAContradictingKindCannotBeImported() throws IOException {
        Path jar = new PluginJarBuilder(tmp, "decl")
                .job("fixture.decl.BareJob", job("fixture.decl", "BareJob", "", "InProcessJob", ""))
                .job("fixture.decl.LiarJob", job("fixture.decl", "LiarJob",
                        "@JobSpec(kind = JobKind.NATIVE, tool = \"t\")", "InProcessJob", ""))
                .buildInto(tmp, "decl.jar");
        assertThat(lint(jar)).containsExactly(
                "decl.jar: error: Could not import 'BareJob': invalid declaration of job class fixture.decl.BareJob "
                        + "in decl.jar: job class fixture.decl.BareJob has no @dev.starfish.api.JobSpec annotation: "
                        + "declare its kind (and tool) with it, e.g. @JobSpec(kind = JobKind.IN_PROCESS); a plugin "
                        + "built before @JobSpec, against the first, unversioned plugin API, needs rebuilding against "
                        + "plugin API " + PluginApi.VERSION + " (with Plugin-Requires: ^" + PluginApi.VERSION + ")",
                "decl.jar: error: Could not import 'LiarJob': job class fixture.decl.LiarJob in decl.jar is declared "
                        + "native but extends InProcessJob: make @JobSpec(kind = ...) and the base class agree");
    }

    @Test
    void whatAConstructorOrStaticInitialiserThrowsIsOneFindingPerJob() throws IOException {
        Path jar = new PluginJarBuilder(tmp, "boom")
                .job("fixture.boom.BoomJob", inProcess("fixture.boom", "BoomJob",
                        "  public BoomJob() { throw new IllegalStateException(\"boom\"); }"))
                .job("fixture.boom.DeepJob", inProcess("fixture.boom", "DeepJob",
                        "  static final int D = r(0);\n  static int r(int n) { return r(n + 1) + 1; }"))
                .job("fixture.boom.ArgJob", inProcess("fixture.boom", "ArgJob", "  public ArgJob(int x) { }"))
                .buildInto(tmp, "boom.jar");
        List<String> findings = lint(jar);
        assertThat(findings).hasSize(3);
        assertThat(findings.get(0)).isEqualTo("boom.jar: error: job BoomJob of plugin boom (boom.jar) could not be "
                + "created: java.lang.IllegalStateException: boom; a compile that runs BoomJob would fail the same way");
        assertThat(findings.get(1)).isEqualTo("boom.jar: error: job DeepJob of plugin boom (boom.jar) could not be "
                + "created: java.lang.StackOverflowError; a compile that runs DeepJob would fail the same way");
        assertThat(findings.get(2)).startsWith("boom.jar: error: job ArgJob of plugin boom (boom.jar) needs a public "
                + "no-argument constructor: java.lang.NoSuchMethodException: fixture.boom.ArgJob.<init>()");
    }

    @Test
    void aJobNameTwiceInOneJarIsAnError() throws IOException {
        Path jar = new PluginJarBuilder(tmp, "twice")
                .job("fixture.a.SameJob", inProcess("fixture.a", "SameJob", ""))
                .job("fixture.b.SameJob", inProcess("fixture.b", "SameJob", ""))
                .buildInto(tmp, "twice.jar");
        assertThat(lint(jar)).containsExactly("twice.jar: error: job 'SameJob' is declared 2 times "
                + "(fixture.a.SameJob, fixture.b.SameJob); a job's name is its class's simple name: rename all but one");
    }

    @Test
    void aJobOrPluginIdOfAnInstalledPluginIsReported() throws IOException {
        Path installedJar = plugin("taken", "fixture.inst", "TakenJob", "").buildInto(installed(), "taken.jar");
        Path jar = plugin("taken", "fixture.mine", "TakenJob", "").buildInto(tmp, "mine.jar");
        assertThat(lint(jar)).containsExactly(
                "mine.jar: error: job 'TakenJob' is also declared by the installed plugin " + installedJar + "; the "
                        + "registry refuses every jar declaring a job another jar declares: rename the job class (its "
                        + "simple name is the job's name)",
                "mine.jar: error: Plugin-Id 'taken' is also the id of the installed plugin " + installedJar + "; the "
                        + "registry loads only the first of two jars with one id in file-name order (they would share "
                        + "one native cache directory): choose another Plugin-Id");
        assertThat(lint(installedJar)).as("an installed jar is not compared with itself").isEmpty();
    }

    @Test
    void aBundledCopyOfThePluginApiIsAWarning() throws IOException {
        byte[] jobClass;
        try (InputStream in = Job.class.getResourceAsStream("Job.class")) {
            jobClass = in.readAllBytes();
        }
        Path jar = plugin("api", "fixture.api", "ApiJob", "").entry("dev/starfish/api/Job.class", jobClass)
                .buildInto(tmp, "api.jar");
        assertThat(lint(jar)).containsExactly("api.jar: warning: bundles 1 class(es) of dev/starfish/api/, a package "
                + "the host shares with every plugin, so the host's copy is used instead (the plugin API): give that "
                + "dependency <scope>provided</scope>");
    }

    @Test
    void aWorldWritableJarIsWhatTheRegistryRefuses() throws IOException {
        Path jar = plugin("ww", "fixture.ww", "WwJob", "").buildInto(tmp, "ww.jar");
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThat(lint(jar)).containsExactly("ww.jar: error: world-writable (mode 0666); fix with chmod go-w " + jar
                + " (the registry refuses such a jar, so lint runs none of its code: fix this and lint again)");
    }

    @Test
    void theStaticInitialiserOfAJarTheRegistryWouldRefuseNeverRuns() throws IOException {
        Path marker = tmp.resolve("initialiser-ran");
        Path jar = plugin("marking", "fixture.mk", "MarkingJob", "  static { try { java.nio.file.Files.writeString("
                + "java.nio.file.Path.of(\"" + marker + "\"), \"ran\"); } catch (java.io.IOException e) { "
                + "throw new java.io.UncheckedIOException(e); } }").buildInto(tmp, "marking.jar");
        Files.setOwner(jar, jar.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));

        assertThat(lint(jar)).singleElement().asString().startsWith("marking.jar: error: the jar is owned by nobody "
                + "(uid 65534)").endsWith("(the registry refuses such a jar, so lint runs none of its code: fix this "
                + "and lint again)");
        assertThat(marker).as("the job class was never initialised").doesNotExist();

        Files.setOwner(jar, jar.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("root"));
        lint(jar);
        assertThat(marker).as("a trusted jar's classes are created, which is what the first check prevented").exists();
    }

    @Test
    void aFileThatIsNoJarIsAnError() throws IOException {
        Path jar = Files.writeString(tmp.resolve("text.jar"), "not a zip");
        assertThat(lint(jar)).singleElement().asString().startsWith("text.jar: error: not a readable jar (")
                .endsWith("): expected a plugin jar built by mvn package");
    }
}

package dev.starfish.runtime.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.plugin.PluginDirectoryScanner;
import dev.starfish.runtime.plugin.PluginTrust;
import dev.starfish.runtime.registry.HostSharedPackages;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins lint} on artifacts, with real jars: what admission would refuse, and names nobody declares. */
class ArtifactLintTest {

    private static final String COUNTS = "@ArtifactSpec(name = \"op-counts\", scope = Artifacts.Scope.SUBGRAPH,"
            + " files = \"op_counts.json\")";

    @TempDir
    Path tmp;

    private Path installed() throws IOException {
        return Files.createDirectories(tmp.resolve("installed"));
    }

    private List<String> lint(Path jar) throws IOException {
        PluginLinter linter = new PluginLinter(ArtifactLintTest.class.getClassLoader(), HostSharedPackages.defaults(),
                PluginTrust.forCurrentUser(), new PluginDirectoryScanner(installed()).scan(), List.of());
        return linter.lint(jar, jar.getFileName().toString()).stream().map(LintFinding::line).toList();
    }

    private Path jar(Path dir, String id, String job, String consumes, String produces, String annotations) {
        String pkg = "fixture." + id.replace('-', '_');
        return new PluginJarBuilder(tmp, id).job(pkg + "." + job, "package " + pkg + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS, consumes = {" + consumes + "}, produces = {"
                + produces + "})\n" + annotations + "\npublic class " + job + " extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) { }\n}\n").buildInto(dir, id + ".jar");
    }

    @Test
    void aJarDeclaringAnInstalledPluginsArtifactDifferentlyIsAnErrorInTheRegistrysWords() throws IOException {
        jar(installed(), "counts", "Count", "Artifacts.SUBGRAPHS", "\"op-counts\"", COUNTS);
        Path mine = jar(tmp, "mine", "Mine", "", "\"op-counts\"", COUNTS.replace("op_counts.json", "counts.txt"));

        assertThat(lint(mine)).containsExactly("mine.jar: error: the registry would refuse the jar: artifact 'op-counts'"
                + " of mine.jar (per subgraph: counts.txt, intermediate) is declared differently by counts.jar (per "
                + "subgraph: op_counts.json, intermediate); an artifact name must mean one thing, so every jar declaring"
                + " it differently is refused: make the declarations equal, or rename one");
        Path equal = jar(tmp, "equal", "Equal", "\"op-counts\"", "", COUNTS);
        assertThat(lint(equal)).as("an equal declaration of the installed one").isEmpty();
    }

    @Test
    void aJarRedeclaringAStandardArtifactIsAnError() throws IOException {
        Path mine = jar(tmp, "mine", "Mine", "", "Artifacts.BIR",
                "@ArtifactSpec(name = Artifacts.BIR, scope = Artifacts.Scope.WORK_DIR, files = \"all.bir\")");
        assertThat(lint(mine)).singleElement().asString().startsWith("mine.jar: error: the registry would refuse the "
                + "jar: artifact 'bir' of mine.jar (in the work directory: all.bir, intermediate) is a standard artifact");
    }

    @Test
    void aNameNeitherTheApiTheJarNorAnInstalledPluginDeclaresIsAWarningAndOneTheyDoIsNot() throws IOException {
        jar(installed(), "counts", "Count", "Artifacts.SUBGRAPHS", "\"op-counts\"", COUNTS);
        Path mine = jar(tmp, "mine", "Mine", "\"op-counts\", \"op-latency\", Artifacts.BIR", "\"op-report\"",
                "@ArtifactSpec(name = \"op-report\", scope = Artifacts.Scope.WORK_DIR, files = \"r.json\")");

        assertThat(lint(mine)).containsExactly("mine.jar: warning: job 'Mine' consumes 'op-latency', which neither the "
                + "plugin API, this jar nor an installed plugin declares, so a compile running it stops until a plugin "
                + "declaring it (@ArtifactSpec) is installed");
    }
}

package dev.starfish.api.processing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobSpec;
import dev.starfish.api.PluginApi;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.pf4j.ExtensionPoint;
import org.junit.jupiter.api.io.TempDir;

/** The processor run by a real javac over job sources, as a plugin's Maven build runs it. */
class JobIndexProcessorTest {

    @TempDir
    Path dir;

    @Test
    void writesEveryJobClassWithItsWholeDeclarationSortedByBinaryName() throws Exception {
        Compiled out = compile(Map.of(
                "pkg/Count.java", """
                        package pkg;
                        import dev.starfish.api.*;
                        @JobSpec(kind = JobKind.NATIVE, tool = "op_count", consumes = "penguin", produces = "op-counts",
                                perSubgraph = true, enabledBy = "--count")
                        @JobOptionSpec(name = "--count", description = "Count \\"ops\\" \u00e9\\tper subgraph", type = JobOption.Type.FLAG)
                        @ArtifactSpec(name = "op-counts", scope = Artifacts.Scope.SUBGRAPH, files = "op_counts.json", packed = true)
                        @org.pf4j.Extension
                        public abstract class Count implements Job {
                            @org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS, action = "sums them")
                            public abstract static class Sum implements Job {}
                        }
                        """));

        assertThat(out.errors()).isEmpty();
        assertThat(out.index()).isEqualTo("""
                {
                  "format": 1,
                  "jobs": [
                    {"class": "pkg.Count", "name": "Count", "kind": "NATIVE", "tool": "op_count",
                     "consumes": ["penguin"], "produces": ["op-counts"], "perSubgraph": true, "enabledBy": "--count", "action": "",
                     "options": [{"name": "--count", "paramLabel": "", "description": "Count \\"ops\\" \u00e9\\tper subgraph", "defaultValue": "", "type": "FLAG"}],
                     "artifacts": [{"name": "op-counts", "scope": "SUBGRAPH", "files": ["op_counts.json"], "intermediate": true, "packed": true}]},
                    {"class": "pkg.Count$Sum", "name": "Sum", "kind": "IN_PROCESS", "tool": null,
                     "consumes": [], "produces": [], "perSubgraph": false, "enabledBy": null, "action": "sums them",
                     "options": [],
                     "artifacts": []}
                  ]
                }
                """);
    }

    @Test
    void aDeclarationTheHostWouldRefuseOrAJobPf4jWouldNotListFailsTheBuildOnTheClassThatMakesIt() throws Exception {
        Compiled out = compile(Map.of(
                "pkg/Good.java", "package pkg; @org.pf4j.Extension @dev.starfish.api.JobSpec(kind = "
                        + "dev.starfish.api.JobKind.IN_PROCESS) public abstract class Good implements dev.starfish.api.Job {}",
                "pkg/NoTool.java", "package pkg; @org.pf4j.Extension @dev.starfish.api.JobSpec(kind = "
                        + "dev.starfish.api.JobKind.NATIVE) public abstract class NoTool implements dev.starfish.api.Job {}",
                "pkg/Hidden.java", "package pkg; @dev.starfish.api.JobSpec(kind = dev.starfish.api.JobKind.IN_PROCESS)"
                        + " public abstract class Hidden implements dev.starfish.api.Job {}"));

        assertThat(out.errors()).containsExactlyInAnyOrder("NoTool.java: invalid job declaration of pkg.NoTool: job NoTool is "
                + "declared native but names no tool: expected @JobSpec(kind = NATIVE, tool = \"<bare tool name>\")",
                "Hidden.java: job class pkg.Hidden has @JobSpec but not @org.pf4j.Extension: PF4J's extension index "
                        + "would leave it out, and no host would ever see the job");
        assertThat(out.indexFile()).as("no index that leaves a job out").doesNotExist();
    }

    @Test
    void aBuildWithoutJobClassesWritesNoIndex() throws Exception {
        Compiled out = compile(Map.of("pkg/Util.java", "package pkg; public class Util {}"));

        assertThat(out.errors()).isEmpty();
        assertThat(out.indexFile()).doesNotExist();
    }

    private record Compiled(List<String> errors, Path indexFile) {
        String index() throws IOException {
            return Files.readString(indexFile, StandardCharsets.UTF_8);
        }
    }

    private Compiled compile(Map<String, String> sources) throws IOException, URISyntaxException {
        Path src = dir.resolve("src");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<Path> files = new ArrayList<>();
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = src.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            files.add(Files.writeString(file, source.getValue(), StandardCharsets.UTF_8));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        String classPath = Path.of(JobSpec.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + File.pathSeparator
                + Path.of(ExtensionPoint.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(null, fm, diagnostics, List.of("--release", "17",
                    "-encoding", "UTF-8", "-cp", classPath, "-d", classes.toString()), null,
                    fm.getJavaFileObjectsFromPaths(files));
            task.setProcessors(List.of(new JobIndexProcessor()));
            task.call();
        }
        List<String> errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> (d.getSource() == null ? "" : Path.of(d.getSource().toUri()).getFileName() + ": ")
                        + d.getMessage(Locale.ROOT))
                .toList();
        return new Compiled(errors, classes.resolve(PluginApi.JOB_INDEX));
    }
}

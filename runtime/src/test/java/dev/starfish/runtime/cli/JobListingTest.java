package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.classify.JobClassifier;
import dev.starfish.runtime.launch.ToolResolver;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code jobs}, {@code jobs --json}, {@code jobs classify} and {@code compile --help} read declarations only. */
class JobListingTest {

    /** The keys of every row of {@code jobs --json}, in order (docs/jobs-json.md). */
    static final List<String> KEYS = List.of("name", "kind", "tool", "toolPath", "toolOrigin", "plugin", "version", "jar",
            "bundles", "nativeLibraries", "bundledTools", "enabledBy", "pipelinePosition");

    @TempDir
    Path tmp;

    private static String nativeJob(String pkg, String name, String tool, String staticInit) {
        return "package " + pkg + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.NATIVE, tool = \"" + tool + "\")\n"
                + "@JobOptionSpec(name = \"--" + tool.replace('_', '-') + "-level\", type = JobOption.Type.INTEGER,"
                + " paramLabel = \"N\", description = \"How loud " + tool + " is.\", defaultValue = \"3\")\n"
                + "public class " + name + " extends NativeJob {\n  static { " + staticInit + " }\n"
                + "  public " + name + "() { " + staticInit + " }\n"
                + "  @Override protected java.util.List<String> argv(java.nio.file.Path e, Subgraph i, JobState s, JobOptions o) {\n"
                + "    return java.util.List.of(e.toString()); }\n}\n";
    }

    private static String touch(Path marker) {
        return "try { java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + marker + "\"), \"ran\"); }"
                + " catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }";
    }

    private Path home() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("home/starfish/bin"));
        Path tool = Files.writeString(bin.resolve("present_tool"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return tmp.resolve("home");
    }

    private Path plugins(Path marker) {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "present").job("fixture.present.PresentJob",
                nativeJob("fixture.present", "PresentJob", "present_tool", touch(marker))).buildInto(dir, "present.jar");
        new PluginJarBuilder(tmp, "absent").job("fixture.absent.AbsentJob",
                nativeJob("fixture.absent", "AbsentJob", "absent_tool", touch(marker))).buildInto(dir, "absent.jar");
        new PluginJarBuilder(tmp, "inproc").job("fixture.inproc.InProcJob", PluginJarBuilder.inProcessJob(
                "fixture.inproc", "InProcJob", touch(marker), "1")).buildInto(dir, "inproc.jar");
        return dir;
    }

    private static List<JobListing> list(JobRegistry registry, Path home, boolean verbose, boolean natives) {
        return registry.jobs().stream().map(job -> JobListing.of(job,
                ToolResolver.forHome(home, job.plugin().loader().bundledToolsDir()), verbose, natives, OptionalInt.empty())).toList();
    }

    @Test
    void listingClassifyingAndCompileHelpRunNoPluginCode() throws IOException {
        Path marker = tmp.resolve("plugin-code-ran");
        Path home = home();
        try (JobRegistry registry = JobRegistry.forDirectory(plugins(marker), PluginRejectList.none()).loadAllJobs()) {
            List<JobListing> rows = list(registry, home, true, true);
            assertThat(rows).extracting(JobListing::name).containsExactly("AbsentJob", "InProcJob", "PresentJob");
            for (RegisteredJob job : registry.jobs()) {
                JobClassifier.classify(job, job.declaration().kind().label());
            }
            CommandLine cli = StarfishCli.newCommandLine();
            CommandLine compile = cli.getSubcommands().get("compile");
            new JobOptionBinder().register(compile.getCommandSpec(), registry);
            String help = compile.getUsageMessage();
            assertThat(help).as("compile --help shows each job's declared options")
                    .contains("PresentJob options:", "--present-tool-level=N", "How loud present_tool is. (default: 3)")
                    .contains("AbsentJob options:", "--absent-tool-level=N");
            assertThat(marker).as("no static initialiser or constructor of any job ran").doesNotExist();
        }
    }

    @Test
    void jobsJsonHasTheSameKeysInEveryRowAndNullForAMissingTool() throws IOException {
        Path home = home();
        try (JobRegistry registry = JobRegistry.forDirectory(plugins(tmp.resolve("m")), PluginRejectList.none())
                .loadAllJobs()) {
            for (boolean verbose : new boolean[] {false, true}) {
                JsonNode rows = new ObjectMapper().readTree(JsonOption.render(list(registry, home, verbose, verbose)));
                assertThat(rows).hasSize(3);
                for (JsonNode row : rows) {
                    List<String> keys = new ArrayList<>();
                    row.fieldNames().forEachRemaining(keys::add);
                    assertThat(keys).as("keys of %s (verbose=%s)", row.path("name"), verbose).isEqualTo(KEYS);
                }
                JsonNode absent = rows.get(0);
                assertThat(absent.get("tool").asText()).isEqualTo("absent_tool");
                assertThat(absent.get("toolPath").isNull()).as("a missing tool resolves to null, not \"missing\"").isTrue();
                assertThat(absent.get("toolOrigin").isNull()).isTrue();
                JsonNode inProcess = rows.get(1);
                assertThat(inProcess.get("kind").asText()).isEqualTo("in-process");
                assertThat(inProcess.get("tool").isNull()).as("an in-process job has no tool").isTrue();
                assertThat(inProcess.get("toolPath").isNull()).isTrue();
                JsonNode present = rows.get(2);
                assertThat(present.get("toolPath").asText()).isEqualTo(home.resolve("starfish/bin/present_tool").toString());
                assertThat(present.get("toolOrigin").asText()).isEqualTo("bin");
                assertThat(present.get("bundles").isNull()).as("bundles only with --libraries").isEqualTo(!verbose);
                assertThat(present.get("nativeLibraries").isNull()).as("libraries only with --native").isEqualTo(!verbose);
            }
        }
    }
}

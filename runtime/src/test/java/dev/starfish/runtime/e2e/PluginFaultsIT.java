package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plugin code that fails while its job runs — an exception, {@code System.exit}, a crash in
 * native code — reaches the user as one line naming the job and its jar; no stack trace or JVM
 * banner reaches the console.
 */
class PluginFaultsIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private Path pluginsWith(String id, String job, String body) throws IOException {
        return pluginsWith("plugins", id, job, body);
    }

    private Path pluginsWith(String dir, String id, String job, String body) throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve(dir));
        String source = "package fixture." + id + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class " + job + " extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n" + body + "\n  }\n}\n";
        new PluginJarBuilder(cwd, id).job("fixture." + id + "." + job, source).buildInto(plugins, id + ".jar");
        return plugins;
    }

    private AssembledDistribution.Run compileWith(Path plugins, String job) {
        return dist.run(cwd, "--plugins-dir", plugins.toString(), "compile", dist.example("mlp.hlo").toString(),
                "--pipeline", job);
    }

    @Test
    void anExceptionInAJobIsOneLineNamingTheJobItsJarAndWhereItWasThrown() throws IOException {
        Path plugins = pluginsWith("npe", "NpeJob", "    String text = null; text.length();");
        AssembledDistribution.Run run = compileWith(plugins, "NpeJob");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).startsWith("starfish: error: job NpeJob (npe.jar) failed: NullPointerException: ")
                .contains(" at NpeJob.java:6 (the log has the stack trace)").doesNotContain("\tat ");
        assertThat(run.stderr().lines().count()).as("%s", run).isEqualTo(1);
        assertThat(cwd.resolve("mlp.work/log-starfish.txt")).content().contains("Compile failed: ")
                .contains("fixture.npe.NpeJob.runOnState(NpeJob.java:6)");
    }

    @Test
    void aJobCallingSystemExitIsNamedWithItsCodeAndTheCompileFailsWith1() throws IOException {
        Path plugins = pluginsWith("exiter", "ExitJob", "    System.exit(42);");
        AssembledDistribution.Run run = compileWith(plugins, "ExitJob");
        assertThat(run.exitCode()).as("plugin code never chooses the driver's exit code: %s", run).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("starfish: error: job ExitJob (exiter.jar) called System.exit(42), which "
                + "would have ended the driver; the compile fails instead (at ExitJob.java:6)\n");
        assertThat(cwd.resolve("mlp.work/log-starfish.txt")).content().contains("called System.exit(42)");
    }

    @Test
    void aCrashInNativeCodeIsOneLineNamingTheJobAndLibraryWithTheCrashReportInTheWorkDirectory() throws IOException {
        Path plugins = pluginsWith("crasher", "CrashJob", CRASH);
        AssembledDistribution.Run run = compileWith(plugins, "CrashJob");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(134);
        assertThat(run.stdout()).as("no JVM banner").isEmpty();
        assertThat(run.stderr()).matches("starfish: error: the driver crashed in native code \\(SIGSEGV in libjvm\\.so\\) "
                + "while running job CrashJob; crash report: " + cwd.resolve("mlp.work") + "/hs_err_pid\\d+\\.log\n");
        try (Stream<Path> files = Files.list(cwd)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("hs_err"));
        }
    }

    /**
     * bin/starfish execs the JVM without the crash filter for commands that load no native code;
     * it finds the command past the values of the global options, so a plugins directory named
     * like such a command does not make a compile lose the filter.
     */
    @Test
    void aPluginsDirectoryNamedLikeACommandWithoutNativeCodeKeepsTheCrashFilter() throws IOException {
        pluginsWith("jobs", "crasher", "CrashJob", CRASH);
        AssembledDistribution.Run run = dist.run(cwd, "--plugins-dir", "jobs", "compile",
                dist.example("mlp.hlo").toString(), "--pipeline", "CrashJob");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(134);
        assertThat(run.stdout()).as("no JVM banner").isEmpty();
        assertThat(run.stderr()).startsWith("starfish: error: the driver crashed in native code (SIGSEGV in libjvm.so) "
                + "while running job CrashJob; crash report: ");
    }

    private static final String CRASH = "    try {\n"
            + "      java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField(\"theUnsafe\");\n"
            + "      f.setAccessible(true);\n"
            + "      ((sun.misc.Unsafe) f.get(null)).putAddress(0L, 42L);\n"
            + "    } catch (ReflectiveOperationException e) { throw new IllegalStateException(e); }";
}

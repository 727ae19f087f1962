package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM killed by a signal before it could write a crash report (the memory limit's SIGKILL; a
 * crash signal its handler never saw): {@code bin/starfish} prints one line naming the signal,
 * the compile's log and what to do, instead of bash's "Killed", and exits 128 + N, or 134 for a
 * crash signal as for any crash in native code.
 */
class LauncherSignalIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void aDriverKilledBySigkillIsOneLineNamingTheSignalAndTheLimitsWith137() throws IOException {
        AssembledDistribution.Run run = compileWithJobSending("KILL");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(137);
        assertThat(run.stdout()).as("%s", run).isEmpty();
        assertThat(run.stderr()).as("%s", run).isEqualTo("starfish: error: the driver was killed by signal 9 (SIGKILL) "
                + "(nothing in Starfish sends it: the kernel's out-of-memory killer, a memory or CPU-time limit, or "
                + "another user or program did); the compile's log: " + cwd.resolve("mlp.work/log-starfish.txt")
                + "; raise the limit (ulimit -v, the cgroup's memory.max, the batch system's memory request) or "
                + "compile fewer models at once (-j)\n");
    }

    @Test
    void aDriverKilledByACrashSignalWithoutAReportIsOneLineWith134() throws IOException {
        AssembledDistribution.Run run = compileWithJobSending("ABRT");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(134);
        assertThat(run.stderr()).as("%s", run).startsWith("starfish: error: the driver was killed by signal 6 (SIGABRT) "
                + "before it could write a crash report").contains(cwd.resolve("mlp.work/log-starfish.txt").toString())
                .doesNotContain("Aborted");
        assertThat(run.stderr().lines()).as("%s", run).hasSize(1);
    }

    /** A compile whose only job sends {@code signal} to the driver's own JVM and waits for its end. */
    private AssembledDistribution.Run compileWithJobSending(String signal) throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("plugins"));
        String source = "package fixture.killer;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class KillJob extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n"
                + "    try {\n"
                + "      new ProcessBuilder(\"kill\", \"-" + signal + "\", Long.toString(ProcessHandle.current().pid()))"
                + ".start().waitFor();\n"
                + "      Thread.currentThread().join();\n"
                + "    } catch (Exception e) { throw new IllegalStateException(e); }\n"
                + "  }\n}\n";
        new PluginJarBuilder(cwd, "killer").job("fixture.killer.KillJob", source).buildInto(plugins, "killer.jar");
        return dist.run(cwd, "--plugins-dir", plugins.toString(), "compile", dist.example("mlp.hlo").toString(),
                "--pipeline", "KillJob");
    }
}

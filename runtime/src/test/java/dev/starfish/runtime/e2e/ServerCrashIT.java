package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crash of the resident server in a job's native code (issue 25, item 5): the command that ran
 * the job ends with the one-shot driver's line (job, library, the JVM's crash report moved into
 * its work directory), every other command in flight with one line naming that job and report;
 * all exit 134, nothing half-written, no tool left, and the next command starts a fresh server.
 */
class ServerCrashIT {

    private static final String CRASH = "    try {\n"
            + "      java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField(\"theUnsafe\");\n"
            + "      f.setAccessible(true);\n"
            + "      ((sun.misc.Unsafe) f.get(null)).putAddress(0L, 42L);\n"
            + "    } catch (ReflectiveOperationException e) { throw new IllegalStateException(e); }";

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    @AfterEach
    void stopServers() {
        ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(cwd.toString())
                && p.info().commandLine().orElse("").contains("server.ServerMain")).forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void theCrashingCommandGetsTheDriversLineAndAnotherInFlightIsToldWhichJobCrashedTheServer() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        GatedTools gates = GatedTools.install(dist, Files.createDirectories(cwd.resolve("gates")));
        Path held = modelDir("held");
        AssembledDistribution.Started other = dist.start(held, server(), "compile", "mlp.hlo", "--no-cache");
        gates.awaitHeldTool("HLOToTensorizer");
        long pid = serverPid(dist);

        Path crashing = modelDir("crashing");
        Path plugins = crashPlugins();
        AssembledDistribution.Run crashed = dist.run(crashing, server(), "--plugins-dir", plugins.toString(),
                "compile", "mlp.hlo", "--pipeline", "CrashJob");
        AssembledDistribution.Run stopped = other.await();

        assertThat(crashed.exitCode()).as("%s", crashed).isEqualTo(134);
        assertThat(crashed.stdout()).as("no JVM banner").isEmpty();
        Matcher line = Pattern.compile("starfish: error: the driver crashed in native code \\(SIGSEGV in libjvm\\.so\\)"
                + " while running job CrashJob; crash report: (" + Pattern.quote(crashing.resolve("mlp.work").toString())
                + "/hs_err_pid" + pid + "\\.log)\n").matcher(crashed.stderr());
        assertThat(line.matches()).as("%s", crashed).isTrue();
        Path report = Path.of(line.group(1));
        assertThat(Files.readString(report, StandardCharsets.UTF_8)).contains("A fatal error has been detected")
                .contains("[job CrashJob]");

        assertThat(stopped.exitCode()).as("%s", stopped).isEqualTo(134);
        assertThat(stopped.stderr()).isEqualTo("starfish: error: the Starfish server crashed in native code (SIGSEGV"
                + " in libjvm.so) while another command ran job CrashJob, which stopped this command too; crash"
                + " report: " + report + "\n");
        assertThat(held.resolve("mlp.neff")).as("nothing half-written").doesNotExist();
        ServerChecks.assertNoToolLeft(dist);
        try (Stream<Path> files = Files.list(runtimeDir.resolve("starfish"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("the report was moved, the commands' contexts removed")
                    .noneMatch(n -> n.contains("hs_err") || n.contains(".client-"));
        }

        AssembledDistribution.Run next = dist.run(held, server(), "--version");
        assertThat(next.exitCode()).as("%s", next).isZero();
        assertThat(serverPid(dist)).as("a fresh server").isNotEqualTo(pid);
    }

    @Test
    void aCrashWithNoOtherCommandInFlightIsTheOneShotLineAndTheReportIsInTheWorkDirectory() throws Exception {
        Path crashing = modelDir("alone");
        AssembledDistribution.Run crashed = shipped.run(crashing, server(), "--plugins-dir", crashPlugins().toString(),
                "compile", "mlp.hlo", "--pipeline", "CrashJob");

        assertThat(crashed.exitCode()).as("%s", crashed).isEqualTo(134);
        assertThat(crashed.stderr()).matches("starfish: error: the driver crashed in native code \\(SIGSEGV in "
                + "libjvm\\.so\\) while running job CrashJob; crash report: " + Pattern.quote(crashing.toString())
                + "/mlp\\.work/hs_err_pid\\d+\\.log\n");
        try (Stream<Path> files = Files.list(crashing)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("hs_err"));
        }
    }

    private Path crashPlugins() throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("crash-plugins"));
        String source = "package fixture.crasher;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class CrashJob extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n" + CRASH + "\n  }\n}\n";
        new PluginJarBuilder(cwd, "crasher").job("fixture.crasher.CrashJob", source).buildInto(plugins, "crasher.jar");
        return plugins;
    }

    private Path modelDir(String name) throws IOException {
        Path dir = Files.createDirectories(cwd.resolve(name));
        Files.copy(shipped.example("mlp.hlo"), dir.resolve("mlp.hlo"));
        return dir;
    }

    private long serverPid(AssembledDistribution dist) throws IOException {
        AssembledDistribution.Run status = dist.run(cwd, server(), "server", "status", "--json");
        assertThat(status.exitCode()).as("%s", status).isZero();
        return new ObjectMapper().readTree(status.stdout()).get("pid").asLong();
    }

    private Map<String, String> server() {
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "");
    }
}

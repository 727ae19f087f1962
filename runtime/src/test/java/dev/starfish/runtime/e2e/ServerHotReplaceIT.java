package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin jar replaced in the installation while a compile that uses it runs in the server: that
 * compile finishes with the plugin it started with, the next one uses the new jar, and one server
 * serves both (issue 25, "Proof").
 */
class ServerHotReplaceIT {

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    @AfterEach
    void stopServer() {
        ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(cwd.toString())
                && p.info().commandLine().orElse("").contains("server.ServerMain")).forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void aCompileInFlightKeepsThePluginItStartedWithAndTheNextUsesTheReplacement() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        Path jar = dist.home().resolve("plugins/marker.jar");
        Files.copy(markerJar("first"), jar);
        Path second = markerJar("second");
        GatedTools gates = GatedTools.install(dist, Files.createDirectories(cwd.resolve("gates")));
        Path work = Files.createDirectories(cwd.resolve("model"));
        Files.copy(shipped.example("mlp.hlo"), work.resolve("mlp.hlo"));

        AssembledDistribution.Started inFlight = dist.start(work, server(), "compile", "mlp.hlo", "--no-cache",
                "--pipeline", "Frontend,HLOToTensorizer,MarkerJob", "--workdir", "first.work");
        gates.awaitHeldTool("HLOToTensorizer");
        long pid = serverPid(dist);
        Path incoming = jar.resolveSibling(".marker.jar.new");
        Files.copy(second, incoming);
        Files.move(incoming, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        gates.release();
        AssembledDistribution.Run first = inFlight.await();

        AssembledDistribution.Started nextStart = dist.start(work, server(), "compile", "mlp.hlo", "--no-cache",
                "--pipeline", "Frontend,HLOToTensorizer,MarkerJob", "--workdir", "second.work");
        gates.awaitHeldTool("HLOToTensorizer");
        gates.release();
        AssembledDistribution.Run next = nextStart.await();

        assertThat(first.exitCode()).as("%s", first).isEqualTo(1);
        assertThat(first.stderr()).as("the plugin the compile started with")
                .startsWith("starfish: error: job MarkerJob (marker.jar) failed: IllegalStateException: marker first");
        assertThat(next.exitCode()).as("%s", next).isEqualTo(1);
        assertThat(next.stderr()).as("the replacement")
                .startsWith("starfish: error: job MarkerJob (marker.jar) failed: IllegalStateException: marker second");
        assertThat(serverPid(dist)).as("one server throughout").isEqualTo(pid);
    }

    /** A plugin whose one in-process job fails saying {@code marker <word>}: which jar ran is in the message. */
    private Path markerJar(String word) throws IOException {
        Path dir = Files.createDirectories(cwd.resolve("jar-" + word));
        String source = "package fixture.marker;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class MarkerJob extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n"
                + "    throw new IllegalStateException(\"marker " + word + "\");\n  }\n}\n";
        new PluginJarBuilder(dir, "marker").job("fixture.marker.MarkerJob", source).buildInto(dir, "marker.jar");
        return dir.resolve("marker.jar");
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

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident server through {@code bin/starfish} and the native client, as a user meets it: one
 * server serves every command, prints what the one-shot driver prints, is never started by
 * {@code --no-server}, cancels only the request whose client got the signal or died, survives its
 * clients and is replaced after a crash ({@link ServerLifecycleIT}: idle expiry, a changed
 * installation, plugins dropped in, another user). Each test has its own socket directory
 * ({@code XDG_RUNTIME_DIR}), so its own servers, stopped afterwards.
 */
class ServerIT {

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @RegisterExtension
    final OwnServers servers = new OwnServers();

    @Test
    void theSecondCommandIsServedByTheSameServerAndPrintsWhatTheOneShotDriverPrints() throws IOException {
        AssembledDistribution.Run served = shipped.run(cwd, server(), "--version");
        AssembledDistribution.Run oneShot = shipped.run(cwd, server(), "--no-server", "--version");
        JsonNode first = status(shipped);
        AssembledDistribution.Run jobs = shipped.run(cwd, server(), "jobs");
        JsonNode second = status(shipped);

        assertThat(served.exitCode()).as("%s", served).isZero();
        assertThat(served.stdout()).isEqualTo(oneShot.stdout()).startsWith("starfish ");
        assertThat(served.stderr()).isEqualTo(oneShot.stderr());
        assertThat(jobs.stdout()).isEqualTo(shipped.run(cwd, server(), "--no-server", "jobs").stdout());
        assertThat(second.get("pid").asLong()).isEqualTo(first.get("pid").asLong());
        assertThat(second.get("requestsServed").asLong()).isGreaterThan(first.get("requestsServed").asLong());
        assertThat(Files.getPosixFilePermissions(servers.runtimeDir().resolve("starfish")))
                .as("the socket directory is the user's alone").containsExactlyInAnyOrder(
                        PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
    }

    @Test
    void noServerAndServerOffNeverStartOneAndStatusWithoutOneStartsNone() throws IOException {
        AssembledDistribution.Run flag = shipped.run(cwd, server(), "--no-server", "jobs");
        Map<String, String> off = new HashMap<>(server());
        off.put("STARFISH_SERVER", "off");
        AssembledDistribution.Run variable = shipped.run(cwd, off, "--version");
        AssembledDistribution.Run status = shipped.run(cwd, server(), "server", "status");

        assertThat(flag.exitCode()).as("%s", flag).isZero();
        assertThat(flag.stderr()).as("--no-server is not an option the CLI sees").isEmpty();
        assertThat(variable.exitCode()).as("%s", variable).isZero();
        assertThat(status.exitCode()).as("%s", status).isZero();
        assertThat(status.stdout()).startsWith("starfish: no server is running for ");
        assertThat(sockets()).as("no server was started").isEmpty();
    }

    @Test
    void aCompileThroughTheServerSaysAndWritesWhatTheOneShotCompileDoes() throws IOException {
        Path served = Files.createDirectories(cwd.resolve("served"));
        Path alone = Files.createDirectories(cwd.resolve("alone"));
        for (Path dir : List.of(served, alone)) {
            Files.copy(shipped.example("mlp.hlo"), dir.resolve("mlp.hlo"));
            Files.copy(shipped.example("unsupported_op.hlo"), dir.resolve("unsupported_op.hlo"));
        }
        AssembledDistribution.Run bad = shipped.run(served, server(), "compile", "unsupported_op.hlo");
        AssembledDistribution.Run badAlone = shipped.run(alone, server(), "--no-server", "compile",
                "unsupported_op.hlo");
        AssembledDistribution.Run good = shipped.run(served, server(), "compile", "mlp.hlo", "--no-cache");
        AssembledDistribution.Run goodAlone = shipped.run(alone, server(), "--no-server", "compile", "mlp.hlo",
                "--no-cache");

        assertThat(bad.exitCode()).as("%s", bad).isEqualTo(badAlone.exitCode()).isEqualTo(2);
        assertThat(bad.stderr().replace(served.toString(), "DIR"))
                .isEqualTo(badAlone.stderr().replace(alone.toString(), "DIR"));
        assertThat(good.exitCode()).as("%s", good).isZero();
        assertThat(ServerChecks.withoutTimes(good.stdout(), served)).isEqualTo(ServerChecks.withoutTimes(goodAlone.stdout(), alone));
        assertThat(Files.size(served.resolve("mlp.neff"))).isPositive();
        assertThat(good.stdout()).as("the span measured from the request, not the server's start")
                .containsPattern("\\(1 subgraph, [0-9]+ ms\\)");
        assertThat(sockets()).hasSize(1);
    }

    @Test
    void sigintToOneClientCancelsOnlyItsCompileWhileAnotherCommandRuns() throws Exception {
        HeldCompile held = heldCompile();
        AssembledDistribution dist = held.dist();
        Path work = held.work();
        AssembledDistribution.Started compile = held.compile();

        AssembledDistribution.Run jobs = dist.run(cwd, server(), "jobs");
        compile.process().toHandle().destroy();
        AssembledDistribution.Run cancelled = compile.await();

        assertThat(jobs.exitCode()).as("another command ran while the compile was held: %s", jobs).isZero();
        assertThat(cancelled.exitCode()).as("%s", cancelled).isEqualTo(143);
        assertThat(cancelled.stderr()).as("%s", cancelled).contains("interrupted (SIGTERM)");
        assertThat(Files.readString(work.resolve("mlp.work/report.json"))).contains("interrupted");
        assertThat(work.resolve("mlp.neff")).doesNotExist();
        ServerChecks.assertNoToolLeft(dist);
        assertThat(dist.run(cwd, server(), "--version").exitCode()).isZero();
    }

    @Test
    void aClientKilledMidCompileLeavesNoToolAndTheServerServesTheNextCompile() throws Exception {
        HeldCompile held = heldCompile();
        AssembledDistribution dist = held.dist();
        Path work = held.work();
        AssembledDistribution.Started compile = held.compile();
        long pid = status(dist).get("pid").asLong();

        compile.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);

        ServerChecks.assertNoToolLeft(dist);
        assertThat(work.resolve("mlp.neff")).doesNotExist();
        JsonNode after = status(dist);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (after.get("requestsRunning").asInt() > 1 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            after = status(dist);
        }
        assertThat(after.get("pid").asLong()).as("the same server, healthy").isEqualTo(pid);
        assertThat(after.get("requestsRunning").asInt()).as("the killed client's command ended; only the status"
                + " request itself runs").isEqualTo(1);
    }

    @Test
    void aServerKilledMidCompileIsOneLineAnd134AndTheNextCommandStartsAFreshOne() throws Exception {
        HeldCompile held = heldCompile();
        AssembledDistribution dist = held.dist();
        Path work = held.work();
        AssembledDistribution.Started compile = held.compile();
        long pid = status(dist).get("pid").asLong();

        ProcessHandle.of(pid).orElseThrow().destroyForcibly();
        AssembledDistribution.Run ended = compile.await();

        assertThat(ended.exitCode()).as("%s", ended).isEqualTo(134);
        assertThat(ended.stderr().lines()).as("%s", ended).hasSize(1);
        assertThat(ended.stderr()).startsWith("starfish: error: the Starfish server ended while it ran this command")
                .contains(".log");
        assertThat(work.resolve("mlp.neff")).doesNotExist();
        ServerChecks.assertNoToolLeft(dist);
        assertThat(status(dist).get("pid").asLong()).as("a fresh server").isNotEqualTo(pid);
    }

    /** A private copy of the distribution whose compile of mlp.hlo through the server is held at its first tool. */
    private record HeldCompile(AssembledDistribution dist, Path work, AssembledDistribution.Started compile) {
    }

    private HeldCompile heldCompile() throws IOException, InterruptedException {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        GatedTools gates = GatedTools.install(dist, Files.createDirectories(cwd.resolve("gates")));
        Path work = modelDir("a");
        AssembledDistribution.Started compile = dist.start(work, server(), "compile", "mlp.hlo", "--no-cache");
        gates.awaitHeldTool("HLOToTensorizer");
        return new HeldCompile(dist, work, compile);
    }

    private Path modelDir(String name) throws IOException {
        Path dir = Files.createDirectories(cwd.resolve(name));
        Files.copy(shipped.example("mlp.hlo"), dir.resolve("mlp.hlo"));
        return dir;
    }

    private Map<String, String> server() {
        return servers.env();
    }

    private JsonNode status(AssembledDistribution dist) throws IOException {
        return servers.status(dist);
    }

    private List<Path> sockets() throws IOException {
        return servers.sockets();
    }
}

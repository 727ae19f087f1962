package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident server through {@code bin/starfish} and the native client, as a user meets it: one
 * server serves every command, prints what the one-shot driver prints, is never started by
 * {@code --no-server}, cancels only the request whose client got the signal or died, survives its
 * clients, is replaced after a crash, exits when idle or when its installation changes, and sees
 * plugins dropped in while it runs. Each test has its own socket directory ({@code XDG_RUNTIME_DIR}),
 * so its own servers, stopped afterwards.
 */
class ServerIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    @AfterEach
    void stopServers() throws IOException {
        Path dir = runtimeDir.resolve("starfish");
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> logs = Files.list(dir)) {
            for (Path log : logs.filter(p -> p.toString().endsWith(".log")).toList()) {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    if (line.startsWith("starfish-server: pid ")) {
                        long pid = Long.parseLong(line.substring("starfish-server: pid ".length()).split(",")[0]);
                        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                    }
                }
            }
        }
    }

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
        assertThat(Files.getPosixFilePermissions(runtimeDir.resolve("starfish")))
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

    @Test
    void anIdleServerExitsAfterServerIdleMinutesAndRemovesItsSocket() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        Files.writeString(dist.home().resolve("conf/starfish.properties"), "\nserver.idle.minutes=0.02\n",
                StandardOpenOption.APPEND);
        long pid = status(dist).get("pid").asLong();

        assertThat(ServerChecks.awaitExit(pid)).as("the idle server exited").isTrue();
        assertThat(sockets()).isEmpty();
        assertThat(log()).contains("exiting: no request for 1.2 s (server.idle.minutes)");
    }

    @Test
    void aChangedInstallationStartsANewServerAndTheOldOneExitsOnceIdle() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        long old = status(dist).get("pid").asLong();

        Files.writeString(dist.home().resolve("conf/starfish.properties"), "\n# edited\n", StandardOpenOption.APPEND);
        long fresh = status(dist).get("pid").asLong();

        assertThat(fresh).isNotEqualTo(old);
        assertThat(ServerChecks.awaitExit(old)).as("the old build's server was told to exit when idle").isTrue();
    }

    @Test
    void aPluginRemovedOrDroppedInWhileTheServerRunsIsSeenByTheNextCommand() throws Exception {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        Path plugins = dist.home().resolve("plugins");
        Path jar;
        try (Stream<Path> jars = Files.list(plugins)) {
            jar = jars.filter(p -> p.getFileName().toString().startsWith("starfish-job-kelper")).findFirst()
                    .orElseThrow();
        }
        assertThat(dist.run(cwd, server(), "jobs").stdout()).contains("Kelper");
        long pid = status(dist).get("pid").asLong();

        Path aside = Files.move(jar, cwd.resolve(jar.getFileName()));
        String without = dist.run(cwd, server(), "jobs").stdout();
        Files.move(aside, jar);
        String with = dist.run(cwd, server(), "jobs").stdout();

        assertThat(without).doesNotContain("Kelper");
        assertThat(with).contains("Kelper");
        assertThat(status(dist).get("pid").asLong()).as("one server throughout").isEqualTo(pid);
        assertThat(log()).contains("changed; the next command loads the plugins again");
    }

    @Test
    void aPluginDroppedIntoTheUsersDirectoryWhileTheServerRunsIsSeenByTheNextCommand() throws Exception {
        Map<String, String> env = new HashMap<>(server());
        env.put("XDG_DATA_HOME", cwd.resolve("data").toString());
        Path user = cwd.resolve("data/starfish/plugins");
        String before = shipped.run(cwd, env, "jobs").stdout();
        long pid = status(shipped).get("pid").asLong();

        Files.createDirectories(user);
        new PluginJarBuilder(cwd, "mine").job("fixture.mine.MineJob",
                PluginJarBuilder.inProcessJob("fixture.mine", "MineJob", "", "1")).buildInto(user, "mine.jar");
        String created = shipped.run(cwd, env, "jobs").stdout();
        new PluginJarBuilder(cwd, "more").job("fixture.more.MoreJob",
                PluginJarBuilder.inProcessJob("fixture.more", "MoreJob", "", "1")).buildInto(user, "more.jar");
        String dropped = shipped.run(cwd, env, "jobs").stdout();
        Files.delete(user.resolve("mine.jar"));
        String removed = shipped.run(cwd, env, "jobs").stdout();

        assertThat(before).contains("Kelper").doesNotContain("MineJob");
        assertThat(created).as("the user's directory made while the server runs").contains("MineJob").contains("Kelper");
        assertThat(dropped).as("a jar dropped into it").contains("MineJob").contains("MoreJob");
        assertThat(removed).as("a jar removed from it").doesNotContain("MineJob").contains("MoreJob");
        assertThat(status(shipped).get("pid").asLong()).as("one server throughout").isEqualTo(pid);
        assertThat(log()).contains(user + " or " + shipped.home().resolve("conf") + " changed; the next command loads "
                + "the plugins again");
    }

    @Test
    void aClientOfAnotherUserIsRefusedEvenWhenItCanReachTheSocket() throws Exception {
        long pid = status(shipped).get("pid").asLong();
        Path socket = sockets().get(0);
        // as if the rights had been loosened while the server ran: only the peer check stands
        Files.setPosixFilePermissions(runtimeDir, PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(socket.getParent(),
                PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
        String answer = ForeignClient.versionAsNobody(socket, cwd);

        assertThat(answer).as("the server's answer to the other user").contains("starfish: error: server: this server"
                + " serves user root only").doesNotContain("starfish 0.1.0");
        assertThat(answer).endsWith("X\0\0\0\4\0\0\0\2");
        assertThat(log()).contains("refused: this server serves user root only");
        Files.setPosixFilePermissions(socket.getParent(),
                PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(runtimeDir, PosixFilePermissions.fromString("rwx------"));
        assertThat(status(shipped).get("pid").asLong()).as("the server still serves its user").isEqualTo(pid);
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
        // an empty STARFISH_SERVER_IDLE_MINUTES (the suite's second run sets one) leaves conf/ to decide
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "");
    }

    private JsonNode status(AssembledDistribution dist) throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, server(), "--version");
        assertThat(run.exitCode()).as("%s", run).isZero();
        AssembledDistribution.Run status = dist.run(cwd, server(), "server", "status", "--json");
        assertThat(status.exitCode()).as("%s", status).isZero();
        return JSON.readTree(status.stdout());
    }

    private List<Path> sockets() throws IOException {
        Path dir = runtimeDir.resolve("starfish");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> p.toString().endsWith(".sock")).toList();
        }
    }

    private String log() throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> entries = Files.list(runtimeDir.resolve("starfish"))) {
            for (Path log : entries.filter(p -> p.toString().endsWith(".log")).toList()) {
                text.append(Files.readString(log, StandardCharsets.UTF_8));
            }
        }
        return text.toString();
    }

}

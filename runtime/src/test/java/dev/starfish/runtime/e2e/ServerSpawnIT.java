package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident server's one spawn server, shared by its commands: two compiles through one server
 * start their tools on the same {@code starfish-exec --server}, and a SIGINT to one client kills
 * that compile's tools only, while the other compile's tool goes on and the compile ends well.
 */
class ServerSpawnIT {

    private static final int TOOLS_OF_MLP = 5;

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
    void sigintToOneOfTwoCompilesKillsOnlyItsToolsOnTheSharedSpawnServerAndTheOtherCompileEndsWell()
            throws Exception {
        // the test finds each tool among the host's processes by its working directory and walks up to the spawn
        // server: in a sandbox bwrap's two processes share that directory, so it looks at the unsandboxed tree
        AssembledDistribution dist = TestSandbox.turnOff(shipped.copyTo(cwd.resolve("dist")));
        GatedTools gates = GatedTools.install(dist, Files.createDirectories(cwd.resolve("gates")));
        Path first = modelDir("a");
        Path second = modelDir("b");
        AssembledDistribution.Started cancelled = dist.start(first, server(), "compile", "mlp.hlo", "--no-cache");
        gates.awaitHeldTool("HLOToTensorizer of the first compile");
        AssembledDistribution.Started going = dist.start(second, server(), "compile", "mlp.hlo", "--no-cache");
        gates.awaitHeldTool("HLOToTensorizer of the second compile");
        ProcessHandle firstTool = heldToolIn(dist, first);
        ProcessHandle secondTool = heldToolIn(dist, second);
        ProcessHandle spawnServer = spawnServerOf(firstTool);
        assertThat(spawnServerOf(secondTool).pid()).as("both compiles' tools started by one spawn server; the"
                + " server's log:%n%s", log()).isEqualTo(spawnServer.pid());

        assertThat(new ProcessBuilder("kill", "-INT", Long.toString(cancelled.process().pid())).start().waitFor())
                .isZero();
        AssembledDistribution.Run interrupted = cancelled.await();

        assertThat(interrupted.exitCode()).as("%s", interrupted).isEqualTo(130);
        assertThat(interrupted.stderr()).as("%s", interrupted).contains("interrupted (SIGINT)");
        assertThat(firstTool.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("the cancelled compile's tool").isFalse();
        assertThat(secondTool.isAlive()).as("the other compile's tool still waits at its gate").isTrue();
        assertThat(spawnServer.isAlive()).as("the shared spawn server").isTrue();
        for (int tool = 1; tool <= TOOLS_OF_MLP; tool++) {
            if (tool > 1) {
                gates.awaitHeldTool("tool " + tool + " of the second compile");
            }
            gates.release();
        }
        AssembledDistribution.Run done = going.await();

        assertThat(done.exitCode()).as("%s", done).isZero();
        assertThat(Files.size(second.resolve("mlp.neff"))).isPositive();
        assertThat(first.resolve("mlp.neff")).doesNotExist();
        assertThat(spawnServer.isAlive()).as("the spawn server outlives its commands, for the next").isTrue();
        ServerChecks.assertNoToolLeft(dist);
    }

    /** The gate of {@code dist}'s tool that runs under {@code modelDir} (its working directory). */
    private static ProcessHandle heldToolIn(AssembledDistribution dist, Path modelDir) throws IOException {
        String tools = dist.home().resolve("starfish/bin").toString();
        Path under = modelDir.toRealPath();
        List<ProcessHandle> held = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(tools))
                .filter(p -> workingDirectory(p).map(dir -> dir.startsWith(under)).orElse(false)).toList();
        assertThat(held).as("one tool of the compile in %s", modelDir).hasSize(1);
        return held.get(0);
    }

    private static Optional<Path> workingDirectory(ProcessHandle process) {
        try {
            return Optional.of(Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "cwd")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The spawn server above {@code tool}: the highest of its ancestors that runs {@code starfish-exec --server}. */
    private static ProcessHandle spawnServerOf(ProcessHandle tool) {
        ProcessHandle server = null;
        for (Optional<ProcessHandle> up = tool.parent(); up.isPresent(); up = up.get().parent()) {
            if (up.get().info().arguments().map(a -> List.of(a).contains("--server")).orElse(false)) {
                server = up.get();
            }
        }
        assertThat(server).as("a starfish-exec --server above the tool %s", tool.pid()).isNotNull();
        return server;
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

    private Path modelDir(String name) throws IOException {
        Path dir = Files.createDirectories(cwd.resolve(name));
        Files.copy(shipped.example("mlp.hlo"), dir.resolve("mlp.hlo"));
        return dir;
    }

    /** One cache directory for both compiles: a server keeps one warm host (and spawn server) per cache location. */
    private Map<String, String> server() {
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "",
                "STARFISH_CACHE_DIR", cwd.resolve("cache").toString());
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edges of the resident server: its limit of 64 connections at once (the 65th is told so in one
 * line, and the server serves on); a relative {@code STARFISH_CACHE_DIR} is the client's, not the
 * server's directory's.
 */
class ServerEdgesIT {

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    @AfterEach
    void stopServer() {
        shipped.run(cwd, server(), "server", "stop");
    }

    @Test
    void theSixtyFifthConnectionIsRefusedInOneLineAndTheServerServesOnOnceOneCloses() throws IOException {
        assertThat(shipped.run(cwd, server(), "--version").exitCode()).isZero();
        Path socket;
        try (Stream<Path> entries = Files.list(runtimeDir.resolve("starfish"))) {
            socket = entries.filter(p -> p.toString().endsWith(".sock")).findFirst().orElseThrow();
        }
        List<SocketChannel> silent = new ArrayList<>();
        AssembledDistribution.Run refused;
        try {
            // 64 connections that send nothing (each would be closed after 10 s without a request)
            for (int i = 0; i < 64; i++) {
                SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
                channel.connect(UnixDomainSocketAddress.of(socket));
                silent.add(channel);
            }
            refused = shipped.run(cwd, server(), "--version");
        } finally {
            for (SocketChannel channel : silent) {
                channel.close();
            }
        }
        AssembledDistribution.Run after = shipped.run(cwd, server(), "--version");

        assertThat(refused.exitCode()).as("%s", refused).isEqualTo(1);
        assertThat(refused.stdout()).isEmpty();
        assertThat(refused.stderr()).isEqualTo("starfish: error: server: 64 commands are running in the server "
                + "already; try again, or run this one with --no-server\n");
        assertThat(after.exitCode()).as("%s", after).isZero();
        assertThat(after.stdout()).startsWith("starfish ");
    }

    @Test
    void aRelativeCacheDirectoryIsUnderTheClientsDirectoryAsInOneProcess() throws IOException {
        Path model = Files.copy(shipped.example("mlp.hlo"), cwd.resolve("m.hlo"));
        Map<String, String> env = new HashMap<>(server());
        env.put("STARFISH_CACHE_DIR", "rel-cache");

        AssembledDistribution.Run miss = shipped.run(cwd, env, "compile", model.toString(), "--workdir", "w1");
        AssembledDistribution.Run hit = shipped.run(cwd, env, "compile", model.toString(), "--workdir", "w2");

        assertThat(miss.exitCode()).as("%s", miss).isZero();
        assertThat(hit.exitCode()).as("%s", hit).isZero();
        assertThat(cwd.resolve("w2/log-starfish.txt")).content().contains("cache hit ");
        assertThat(cwd.resolve("rel-cache/compile")).isDirectory();
        assertThat(Path.of("/rel-cache")).as("not under the server's directory").doesNotExist();
    }

    @Test
    void theServerCommandsHelpAndMistakesAreAnsweredWithoutStartingAServer() throws IOException {
        // the default (STARFISH_SERVER unset) is the server; these are answered in a JVM of its own all the same
        Map<String, String> byDefault = Map.of("XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER", "");

        AssembledDistribution.Run help = shipped.run(cwd, byDefault, "server", "--help");
        AssembledDistribution.Run statusHelp = shipped.run(cwd, server(), "server", "status", "--help");
        AssembledDistribution.Run bare = shipped.run(cwd, byDefault, "server");
        AssembledDistribution.Run unknown = shipped.run(cwd, server(), "server", "restart");
        boolean started = Files.exists(runtimeDir.resolve("starfish"));
        AssembledDistribution.Run listed = shipped.run(cwd, byDefault, "help", "server");

        assertThat(started).as("no server was started").isFalse();
        assertThat(help.exitCode()).as("%s", help).isZero();
        assertThat(help.stdout()).startsWith("Usage: starfish server ").contains("status").contains("stop");
        assertThat(listed.stdout()).as("through the server, as help").isEqualTo(help.stdout());
        assertThat(statusHelp.exitCode()).as("%s", statusHelp).isZero();
        assertThat(statusHelp.stdout()).startsWith("Usage: starfish server status ").contains("--json");
        assertThat(bare.exitCode()).isEqualTo(2);
        assertThat(bare.stderr()).startsWith("starfish: error: server needs a subcommand: status");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.stderr()).contains("restart");
        assertThat(shipped.run(cwd, byDefault, "--help").stdout()).contains("server");
    }

    @Test
    void byDefaultTheFirstCommandRunsInAJvmOfItsOwnAndTheServerItStartsServesTheNext() throws IOException {
        Map<String, String> byDefault = Map.of("XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER", "");

        AssembledDistribution.Run first = shipped.run(cwd, byDefault, "--version");
        AssembledDistribution.Run status = shipped.run(cwd, byDefault, "server", "status", "--json");
        AssembledDistribution.Run second = shipped.run(cwd, byDefault, "--version");
        AssembledDistribution.Run after = shipped.run(cwd, byDefault, "server", "status", "--json");

        assertThat(first.exitCode()).as("%s", first).isZero();
        assertThat(second.stdout()).isEqualTo(first.stdout());
        assertThat(status.exitCode()).as("the server the first command started, waited for: %s", status).isZero();
        JsonNode before = new ObjectMapper().readTree(status.stdout());
        assertThat(before.get("requestsServed").asInt()).as("the first command ran in a JVM of its own").isZero();
        JsonNode then = new ObjectMapper().readTree(after.stdout());
        assertThat(then.get("pid").asLong()).isEqualTo(before.get("pid").asLong());
        assertThat(then.get("requestsServed").asInt()).as("the second command and one status").isEqualTo(2);
    }

    @Test
    void anUnknownServerModeIsRefusedInOneLine() {
        AssembledDistribution.Run run = shipped.run(cwd, Map.of("STARFISH_SERVER", "yes"), "--version");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: STARFISH_SERVER=yes: expected auto (the default), on"
                + " (wait for the server) or off (no server)\n");
    }

    /**
     * A served command costs the script no program of its own (the class-data archive's stat, a
     * fork and an exec, is made once, by the server's start), and the server still starts from the
     * archive; a one-shot command still checks the archive.
     */
    @Test
    void aServedCommandRunsNoProgramBeforeTheClientAndTheServerStartsFromTheArchive() throws Exception {
        Path bin = Files.createDirectories(cwd.resolve("bin"));
        Path calls = cwd.resolve("stat-calls.txt");
        Path stat = bin.resolve("stat");
        Files.writeString(stat, "#!/bin/sh\necho \"$*\" >>'" + calls + "'\nexec /usr/bin/stat \"$@\"\n");
        Files.setPosixFilePermissions(stat, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>(server());
        env.put("PATH", bin + ":" + System.getenv("PATH"));

        AssembledDistribution.Run started = shipped.run(cwd, env, "--version");
        Files.deleteIfExists(calls);
        AssembledDistribution.Run version = shipped.run(cwd, env, "--version");
        AssembledDistribution.Run jobs = shipped.run(cwd, env, "jobs");
        boolean servedRanStat = Files.exists(calls);
        AssembledDistribution.Run status = shipped.run(cwd, env, "server", "status", "--json");
        long pid = new ObjectMapper().readTree(status.stdout()).get("pid").asLong();
        String command = Files.readString(Path.of("/proc/" + pid + "/cmdline")).replace('\0', ' ');
        AssembledDistribution.Run oneShot = shipped.run(cwd, env, "--no-server", "--version");

        assertThat(started.exitCode()).as("%s", started).isZero();
        assertThat(version.exitCode()).as("%s", version).isZero();
        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(servedRanStat).as("a served command ran stat").isFalse();
        assertThat(command).contains("-XX:SharedArchiveFile=" + shipped.home().resolve("lib/starfish.jsa"))
                .contains("-XX:ErrorFile=").contains("dev.starfish.runtime.server.ServerMain");
        assertThat(oneShot.exitCode()).as("%s", oneShot).isZero();
        assertThat(Files.readString(calls)).as("the one-shot driver checks the archive").contains("starfish.jsa");
    }

    private Map<String, String> server() {
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "");
    }
}

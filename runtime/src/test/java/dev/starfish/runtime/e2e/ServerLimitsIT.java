package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's limit of 64 connections at once: the 65th is told so in one line, and the server serves on. */
class ServerLimitsIT {

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

    private Map<String, String> server() {
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "");
    }
}

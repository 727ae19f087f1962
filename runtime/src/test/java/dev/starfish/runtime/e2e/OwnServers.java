package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The resident servers of each test of a class ({@code @RegisterExtension}): a socket directory of
 * the test's own ({@code XDG_RUNTIME_DIR}, made before it and removed after it), the environment
 * that sends commands to a server there, what its servers say, and their end after the test.
 */
final class OwnServers implements BeforeEachCallback, AfterEachCallback {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Path runtimeDir;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        runtimeDir = Files.createTempDirectory("starfish-runtime-"); // 0700, as a user's XDG_RUNTIME_DIR
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        stopAll();
        try (Stream<Path> all = Files.walk(runtimeDir)) {
            for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** The test's {@code XDG_RUNTIME_DIR}; its servers' sockets and logs are in {@code starfish/} there. */
    Path runtimeDir() {
        return runtimeDir;
    }

    /** Through a server in this test's socket directory. */
    Map<String, String> env() {
        // an empty STARFISH_SERVER_IDLE_MINUTES (the suite's second run sets one) leaves conf/ to decide
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "");
    }

    /** {@code server status --json} of {@code dist}'s server, started by a {@code --version} first. */
    JsonNode status(AssembledDistribution dist) throws IOException {
        AssembledDistribution.Run run = dist.run(runtimeDir, env(), "--version");
        assertThat(run.exitCode()).as("%s", run).isZero();
        AssembledDistribution.Run status = dist.run(runtimeDir, env(), "server", "status", "--json");
        assertThat(status.exitCode()).as("%s", status).isZero();
        return JSON.readTree(status.stdout());
    }

    List<Path> sockets() throws IOException {
        return files(".sock");
    }

    /** Every server log of the directory, one after another. */
    String log() throws IOException {
        StringBuilder text = new StringBuilder();
        for (Path log : files(".log")) {
            text.append(Files.readString(log, StandardCharsets.UTF_8));
        }
        return text.toString();
    }

    /** Kills every server whose log names its pid. */
    private void stopAll() throws IOException {
        for (Path log : files(".log")) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                if (line.startsWith("starfish-server: pid ")) {
                    long pid = Long.parseLong(line.substring("starfish-server: pid ".length()).split(",")[0]);
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        }
    }

    private List<Path> files(String suffix) throws IOException {
        Path dir = runtimeDir.resolve("starfish");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> p.toString().endsWith(suffix)).toList();
        }
    }
}

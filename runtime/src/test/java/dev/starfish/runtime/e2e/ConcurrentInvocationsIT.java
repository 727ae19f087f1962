package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.cli.StarfishCli;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.invocation.Terminal;
import dev.starfish.runtime.invocation.Umask;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two compiles in one JVM at once, each run by {@link StarfishCli#run(Invocation, String...)} from
 * its own invocation, as the resident server will run them (issue 25): each reads its model by a
 * path relative to its own working directory, its tools see its own environment, and cancelling
 * one mid-tool stops that one only — its tool stopped, its report interrupted, its one line, exit
 * 130, without {@code System.exit} — while the other compiles to the end.
 */
class ConcurrentInvocationsIT {

    private static final String MARK = "STARFISH_TEST_INVOCATION_MARK";

    @TempDir
    Path tmp;

    private record Capture(Invocation invocation, ByteArrayOutputStream out, ByteArrayOutputStream err) {
        static Capture of(Path cwd, Map<String, String> env) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            return new Capture(new Invocation(cwd, env, InputStream.nullInputStream(),
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                    Terminal.none(), new Cancellation(), Umask.USUAL), out, err);
        }

        String stdout() {
            return out.toString(StandardCharsets.UTF_8);
        }

        String stderr() {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void oneCancelledMidToolStopsAloneWhileTheOtherFinishesInItsOwnDirectoryAndEnvironment() throws Exception {
        AssembledDistribution built = AssembledDistribution.built();
        AssembledDistribution held = built.copyTo(tmp.resolve("held"));
        AssembledDistribution marked = built.copyTo(tmp.resolve("marked"));
        Path running = fifo(tmp.resolve("running"));
        Path release = fifo(tmp.resolve("release"));
        TestSandbox.allowWriting(held, running, release);
        tool(held, "walrus_driver", "echo running > '" + running + "'\nread line < '" + release + "'\n");
        Path seen = Files.createFile(tmp.resolve("seen-environment"));
        TestSandbox.allowWriting(marked, seen);
        tool(marked, "walrus_driver", "echo \"$" + MARK + "\" >> '" + seen + "'\nexec '"
                + marked.home().resolve("starfish/bin/walrus_driver") + "' \"$@\"\n");
        Path cwdA = Files.createDirectories(tmp.resolve("a"));
        Path cwdB = Files.createDirectories(tmp.resolve("b"));
        Files.copy(built.example("mlp.hlo"), cwdA.resolve("mlp.hlo"));
        Files.copy(built.example("mlp.hlo"), cwdB.resolve("mlp.hlo"));
        // each its own user cache (so its own native library cache: two hosts in one JVM cannot bind one library file)
        Capture a = Capture.of(cwdA, env(held, "from-a", tmp.resolve("cache-a")));
        Capture b = Capture.of(cwdB, env(marked, "from-b", tmp.resolve("cache-b")));

        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(
                () -> StarfishCli.run(a.invocation(), "compile", "mlp.hlo", "--no-cache"));
        CompletableFuture<String> toolRuns = CompletableFuture.supplyAsync(() -> readLine(running));
        CompletableFuture.anyOf(toolRuns, first).get(120, TimeUnit.SECONDS);
        assertThat(toolRuns).as("a's walrus_driver runs: %s %s", a.stdout(), a.stderr()).isDone();
        int second = StarfishCli.run(b.invocation(), "compile", "mlp.hlo", "--no-cache");
        assertThat(first).as("a is still held at its tool").isNotDone();

        assertThat(a.invocation().cancellation().cancel("SIGINT")).isTrue();
        int cancelled = first.get(60, TimeUnit.SECONDS);

        assertThat(cancelled).as("%s", a.stderr()).isEqualTo(130);
        assertThat(a.stderr()).isEqualTo("starfish: compile interrupted (SIGINT); tools stopped\n");
        assertThat(a.stdout()).doesNotContain("Compiled").doesNotContain("from-b").doesNotContain(cwdB.toString());
        JsonNode report = new ObjectMapper().readTree(cwdA.resolve("mlp.work/report.json").toFile());
        assertThat(report.path("outcome").asText()).isEqualTo("interrupted");
        assertThat(report.path("failure").path("message").asText()).isEqualTo("the compile was interrupted (SIGINT)");
        assertThat(cwdA.resolve("mlp.neff")).doesNotExist();
        assertThat(ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                .filter(line -> line.contains(held.home().toString()))).as("a's tools are stopped").isEmpty();

        assertThat(second).as("%s", b.stderr()).isZero();
        assertThat(b.stdout()).contains("Compiled mlp.hlo -> " + cwdB.resolve("mlp.neff"));
        assertThat(b.stderr()).doesNotContain("interrupted").doesNotContain(cwdA.toString());
        assertThat(cwdB.resolve("mlp.neff")).isRegularFile();
        assertThat(tmp.resolve("cache-b/native")).as("b's native libraries in b's cache").isDirectory();
        assertThat(Files.readAllLines(seen)).as("b's tool saw b's environment").containsOnly("from-b");
    }

    private static Map<String, String> env(AssembledDistribution dist, String mark, Path cache) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("STARFISH_CACHE_DIR", cache.toString());
        env.put("STARFISH_HOME", dist.home().toString());
        env.put(MARK, mark);
        return env;
    }

    private static void tool(AssembledDistribution dist, String name, String body) throws IOException {
        Path tool = dist.home().resolve("starfish/bin/private").resolve(name);
        Files.createDirectories(tool.getParent());
        Files.writeString(tool, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Path fifo(Path path) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("mkfifo", "-m", "600", path.toString()).start().waitFor()).isZero();
        return path;
    }

    private static String readLine(Path fifo) {
        try {
            return Files.readString(fifo).strip();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

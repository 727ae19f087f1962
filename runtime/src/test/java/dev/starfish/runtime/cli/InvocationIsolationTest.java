package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.invocation.Terminal;
import dev.starfish.runtime.invocation.Umask;
import dev.starfish.runtime.log.CompileLogFiles;
import dev.starfish.runtime.log.CompileLogRouter;
import dev.starfish.runtime.log.ConsoleRoutes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.message.SimpleMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands run at once in one JVM, each from its own {@link Invocation}: nothing of one (working
 * directory, environment, streams, terminal, verbosity) reaches another, and nothing depends on
 * the JVM's own working directory.
 */
class InvocationIsolationTest {

    @TempDir
    Path tmp;

    /** One invocation's streams, read back. */
    private record Run(Invocation invocation, ByteArrayOutputStream out, ByteArrayOutputStream err) {
        String stdout() {
            return out.toString(StandardCharsets.UTF_8);
        }

        String stderr() {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    private Path home() throws IOException {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/starfish.properties"), "");
        Files.createDirectories(home.resolve("plugins"));
        return home;
    }

    private static Run invocation(Path cwd, Map<String, String> env, Terminal terminal) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Invocation invocation = new Invocation(cwd, env, InputStream.nullInputStream(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                terminal, new Cancellation(), Umask.USUAL);
        return new Run(invocation, out, err);
    }

    /** Runs each {@code args} with its invocation on its own thread, all released at once; their exit codes. */
    private static List<Integer> runTogether(List<Run> runs, List<String[]> args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(runs.size());
        CyclicBarrier start = new CyclicBarrier(runs.size());
        try {
            List<Future<Integer>> codes = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                Run run = runs.get(i);
                String[] words = args.get(i);
                codes.add(pool.submit((Callable<Integer>) () -> {
                    start.await(10, TimeUnit.SECONDS);
                    return StarfishCli.run(run.invocation(), words);
                }));
            }
            List<Integer> result = new ArrayList<>();
            for (Future<Integer> code : codes) {
                result.add(code.get(60, TimeUnit.SECONDS));
            }
            return result;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void twoCommandsAtOnceEachReadTheirOwnEnvironmentDirectoryAndStreams() throws Exception {
        Path home = home();
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        for (int round = 0; round < 5; round++) {
            Run first = invocation(a, Map.of("STARFISH_HOME", home.toString(), "STARFISH_CACHE_DIR",
                    tmp.resolve("cache-a").toString()), Terminal.none());
            Run second = invocation(b, Map.of("STARFISH_HOME", home.toString()), Terminal.none());
            List<Integer> codes = runTogether(List.of(first, second),
                    List.of(new String[] {"cache", "info"}, new String[] {"cache", "info", "--cache-dir", "relative"}));

            assertThat(codes).containsExactly(0, 0);
            assertThat(first.stdout()).startsWith("directory   " + tmp.resolve("cache-a/compile") + " (absent")
                    .doesNotContain("relative");
            assertThat(second.stdout()).startsWith("directory   " + b.resolve("relative") + " (absent")
                    .doesNotContain("cache-a");
            assertThat(first.stderr()).isEmpty();
            assertThat(second.stderr()).isEmpty();
        }
    }

    @Test
    void aRelativePathIsTheInvocationsNotTheJvms() throws Exception {
        Path home = home();
        Path cwd = Files.createDirectories(tmp.resolve("elsewhere"));
        Run run = invocation(cwd, Map.of("STARFISH_HOME", home.toString()), Terminal.none());

        int code = StarfishCli.run(run.invocation(), "cache", "info", "--cache-dir", "mine");

        assertThat(code).as(run.stderr()).isZero();
        assertThat(run.stdout()).startsWith("directory   " + cwd.resolve("mine") + " (absent");
        assertThat(Path.of("").toAbsolutePath()).isNotEqualTo(cwd);
    }

    @Test
    void helpIsColouredOnlyForTheInvocationWhoseTerminalAndEnvironmentAllowIt() throws Exception {
        Path home = home();
        Run coloured = invocation(tmp, Map.of("STARFISH_HOME", home.toString(), "TERM", "xterm"),
                new Terminal(true, true, true, 100));
        Run plain = invocation(tmp, Map.of("STARFISH_HOME", home.toString(), "TERM", "xterm", "NO_COLOR", "1"),
                new Terminal(true, true, true, 100));

        List<Integer> codes = runTogether(List.of(coloured, plain),
                List.of(new String[] {"cache", "--help"}, new String[] {"cache", "--help"}));

        assertThat(codes).containsExactly(0, 0);
        assertThat(coloured.stdout()).contains("\u001b[");
        assertThat(plain.stdout()).doesNotContain("\u001b[").contains("Usage: starfish cache");
    }

    @Test
    void aControlCharacterInAPathIsShownAsTextOnTheInvocationsStream() throws Exception {
        Path home = home();
        Run run = invocation(tmp, Map.of("STARFISH_HOME", home.toString()), Terminal.none());

        StarfishCli.run(run.invocation(), "inspect", "bell\u0007.neff");

        assertThat(run.stderr()).doesNotContain("\u0007").contains("bell");
    }

    @Test
    void eachThreadsLogLinesReachItsOwnCommandsStderrAtItsOwnLevel() throws Exception {
        CompileLogRouter router = new CompileLogRouter(Level.WARN, new CompileLogFiles(System.err), System.err);
        ByteArrayOutputStream verbose = new ByteArrayOutputStream();
        ByteArrayOutputStream quiet = new ByteArrayOutputStream();
        CyclicBarrier together = new CyclicBarrier(2);
        Thread first = new Thread(() -> logFor(router, verbose, Level.DEBUG, "verbose", together));
        Thread second = new Thread(() -> logFor(router, quiet, Level.ERROR, "quiet", together));
        first.start();
        second.start();
        first.join(20_000);
        second.join(20_000);

        String verboseLines = verbose.toString(StandardCharsets.UTF_8);
        String quietLines = quiet.toString(StandardCharsets.UTF_8);
        assertThat(verboseLines).contains("INFO  verbose 0", "WARN  verbose 199", "ERROR verbose 7")
                .doesNotContain("quiet");
        assertThat(quietLines).contains("ERROR quiet 0", "ERROR quiet 199").doesNotContain("verbose")
                .doesNotContain("INFO ").doesNotContain("WARN ");
    }

    private static void logFor(CompileLogRouter router, ByteArrayOutputStream sink, Level level, String who,
            CyclicBarrier together) {
        try (ConsoleRoutes.Registration route = ConsoleRoutes.process()
                .open(new ConsoleRoutes.Route(new PrintStream(sink, true, StandardCharsets.UTF_8), level))) {
            together.await(10, TimeUnit.SECONDS);
            for (int i = 0; i < 200; i++) {
                router.log("test", Level.INFO, new SimpleMessage(who + " " + i), null);
                router.log("test", Level.WARN, new SimpleMessage(who + " " + i), null);
                router.log("test", Level.ERROR, new SimpleMessage(who + " " + i), null);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

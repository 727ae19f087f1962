package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C while the driver's main thread is inside native code: {@code Frontend} parses the model
 * in-process through JNI ({@code Penguin.check}), where the JVM cannot interrupt it. The test
 * waits for that state itself — the main thread's top frame a native {@code Penguin} method in
 * a thread dump ({@code jcmd Thread.print}) — then sends SIGINT: the driver stops with 130, one
 * line, and leaves no partial output (no subgraph, no tensor map, no {@code .neff}).
 */
class InterruptDuringParseIT {

    /** Long enough that the parse is still running after a thread dump shows it (seconds even unloaded). */
    private static final int CHAIN = 1_000_000;
    private static final long PATIENCE_MILLIS = 120_000;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void sigintDuringAnInProcessJniParseExits130WithOneLineAndNoPartialOutput() throws Exception {
        Path model = writeChain(cwd.resolve("chain.hlo"));
        AssembledDistribution.Started compile = dist.start(cwd, "compile", model.toString(), "--pipeline", "Frontend");
        long jvm = awaitJvm(compile.process());
        awaitMainThreadInPenguin(compile.process(), jvm);

        assertThat(new ProcessBuilder("kill", "-INT", String.valueOf(compile.process().pid())).start().waitFor())
                .isZero();
        AssembledDistribution.Run run = compile.await();

        assertThat(run.exitCode()).as("%s", run).isEqualTo(130);
        assertThat(run.stderr()).isEqualTo("starfish: compile interrupted (SIGINT); tools stopped\n");
        assertThat(run.stdout()).isEmpty();
        Path work = cwd.resolve("chain.work");
        assertThat(work.resolve("sg00")).as("no subgraph written").doesNotExist();
        assertThat(work.resolve("tensor_map.json")).as("no tensor map written").doesNotExist();
        try (Stream<Path> files = Files.list(cwd)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("chain.neff"));
        }
        assertThat(Files.readAllLines(work.resolve("log-starfish.txt"))).last().asString()
                .endsWith("compile interrupted (SIGINT); tools stopped while running job Frontend "
                        + "(starfish-job-frontend-0.1.0.jar)");
    }

    private static Path writeChain(Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            out.write("HloModule chain\n\nENTRY %main (p: f32[4]) -> f32[4] {\n  %v0 = f32[4]{0} parameter(0)\n");
            for (int i = 1; i < CHAIN; i++) {
                out.write("  %v" + i + " = f32[4]{0} negate(f32[4]{0} %v" + (i - 1) + ")\n");
            }
            out.write("  ROOT %v" + CHAIN + " = f32[4]{0} negate(f32[4]{0} %v" + (CHAIN - 1) + ")\n}\n");
        }
        return file;
    }

    /** The pid of the JVM that {@code bin/starfish} starts and supervises. */
    private static long awaitJvm(Process script) throws InterruptedException {
        long deadline = System.currentTimeMillis() + PATIENCE_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            Optional<ProcessHandle> jvm = script.toHandle().children()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false)).findFirst();
            if (jvm.isPresent()) {
                return jvm.get().pid();
            }
            assertThat(script.isAlive()).as("the driver is still running").isTrue();
            Thread.sleep(20);
        }
        throw new AssertionError("bin/starfish started no JVM within " + PATIENCE_MILLIS + " ms");
    }

    /** Waits until a thread dump shows the main thread inside a native method of {@code Penguin}. */
    private static void awaitMainThreadInPenguin(Process script, long jvm) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        long deadline = System.currentTimeMillis() + PATIENCE_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            assertThat(script.isAlive()).as("the parse was still running when the thread dump showed it").isTrue();
            Process dump = new ProcessBuilder(jcmd.toString(), String.valueOf(jvm), "Thread.print")
                    .redirectErrorStream(true).start();
            String text = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            dump.waitFor();
            if (mainThreadTopFrame(text).matches("\\s*at dev\\.starfish\\.penguin\\.Penguin\\.\\w+\\(Native Method\\)")) {
                return;
            }
        }
        throw new AssertionError("the main thread never showed up in Penguin's native code");
    }

    private static String mainThreadTopFrame(String dump) {
        String[] lines = dump.split("\n");
        for (int i = 0; i + 2 < lines.length; i++) {
            if (lines[i].startsWith("\"main")) {
                return lines[i + 2];
            }
        }
        return "";
    }
}

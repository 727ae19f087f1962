package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The assembled distribution ({@code runtime/target/starfish}) driven as a user drives it:
 * through {@code bin/starfish} in a child process. A missing distribution fails the test.
 */
final class AssembledDistribution {

    private final Path home;

    AssembledDistribution(Path home) {
        this.home = home;
    }

    static AssembledDistribution built() {
        Path home = Path.of(System.getProperty("starfish.test.dist", "target/starfish")).toAbsolutePath().normalize();
        if (!Files.isExecutable(home.resolve("bin/starfish"))) {
            throw new IllegalStateException("no distribution at " + home + ": run `mvn package` first");
        }
        return new AssembledDistribution(home);
    }

    Path home() {
        return home;
    }

    Path example(String name) {
        return home.resolve("examples").resolve(name);
    }

    /** A private copy of the distribution, to drop tools into {@code starfish/bin/private}. */
    AssembledDistribution copyTo(Path dir) {
        try {
            Process cp = new ProcessBuilder("cp", "-a", home.toString(), dir.toString()).inheritIO().start();
            assertThat(cp.waitFor()).isZero();
            return new AssembledDistribution(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Run run(Path cwd, String... args) {
        return run(cwd, Map.of(), args);
    }

    Run run(Path cwd, Map<String, String> env, String... args) {
        return finish(start(cwd, env, args));
    }

    /**
     * Runs the driver on a pseudo-terminal, as a user at a terminal does: through util-linux's
     * {@code script -qec CMD /dev/null}; the terminal's output (CR LF line ends) is the run's stdout.
     */
    Run runOnTerminal(Path cwd, String... args) {
        StringBuilder line = new StringBuilder(quoted(home.resolve("bin/starfish").toString()));
        for (String arg : args) {
            line.append(' ').append(quoted(arg));
        }
        return finish(startCommand(cwd, Map.of(), List.of("script", "-qec", line.toString(), "/dev/null")));
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static Run finish(Started started) {
        Run run = started.await();
        try {
            Files.delete(started.out());
            Files.delete(started.err());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return run;
    }

    /**
     * Runs the driver as the last words of {@code wrapper}, e.g. {@code bash -c 'ulimit -n 512 && exec "$@"' sh}:
     * for a driver started under limits, a priority or a cgroup of its own.
     */
    Run runWrapped(Path cwd, Map<String, String> env, List<String> wrapper, String... args) {
        List<String> command = new ArrayList<>(wrapper);
        command.add(home.resolve("bin/starfish").toString());
        command.addAll(List.of(args));
        return finish(startCommand(cwd, env, command));
    }

    /** Starts the driver without waiting: for tests of concurrent compiles and signals. */
    Started start(Path cwd, String... args) {
        return start(cwd, Map.of(), args);
    }

    Started start(Path cwd, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/starfish").toString());
        command.addAll(List.of(args));
        return startCommand(cwd, env, command);
    }

    private Started startCommand(Path cwd, Map<String, String> env, List<String> command) {
        try {
            Files.createDirectories(cwd);
            Path out = Files.createTempFile(cwd, ".stdout", ".txt");
            Path err = Files.createTempFile(cwd, ".stderr", ".txt");
            ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().remove("STARFISH_HOME");
            pb.environment().put("STARFISH_CACHE_DIR", cwd.resolve(".cache").toString());
            pb.environment().putAll(env);
            return new Started(pb.start(), out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A driver started by {@link #start}. */
    record Started(Process process, Path out, Path err) {
        Run await() {
            try {
                if (!process.waitFor(5, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("starfish did not finish in 5 minutes");
                }
                return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** One finished run of the driver. */
    record Run(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }
}

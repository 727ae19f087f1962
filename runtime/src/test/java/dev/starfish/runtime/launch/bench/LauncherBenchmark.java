package dev.starfish.runtime.launch.bench;

import dev.starfish.api.Command;
import dev.starfish.runtime.launch.LauncherSettings;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.launch.ToolResolver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spawn latency of {@code /bin/true} with its output captured, interleaved round by round in one
 * run after a warm-up: (a) {@link ProcessLauncher} on the spawn server (the default path),
 * (e) {@link ProcessLauncher} with one shim process per tool, (b) a bare {@link ProcessBuilder}
 * whose output is read to the end, (d) a bare ProcessBuilder starting the shim (its cost without
 * the launcher's), (c) the C {@code posix-spawn-loop}, (f) the same C loop through the spawn
 * server (the server's cost without the JVM's). Prints medians and ratios as a Markdown
 * table. Not a test.
 *
 * <p>Usage: {@code LauncherBenchmark [ROUNDS] [BIN_DIR]} (defaults 40 and
 * {@code starfish-bin/target}); each round runs 10 spawns of each kind. See docs/benchmarks.md.
 */
public final class LauncherBenchmark {

    private static final int PER_ROUND = 10;
    private static final Pattern C_MEDIAN = Pattern.compile("median_us=([0-9.]+)");

    private LauncherBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        Path binDir = Path.of(args.length > 1 ? args[1] : "starfish-bin/target").toAbsolutePath().normalize();
        Path shim = requireExecutable(binDir.resolve("dist/libexec/starfish-exec"));
        Path cLoop = requireExecutable(binDir.resolve("bench/posix-spawn-loop"));
        Path home = Files.createTempDirectory("starfish-bench-home");
        Path work = Files.createTempDirectory("starfish-bench-work");
        LauncherSettings settings = LauncherSettings.forHome(home).withShim(shim);
        Command command = Command.builder("Bench", work, List.of("/bin/true")).useLogger(false).build();

        List<Double> launcherUs = new ArrayList<>();
        List<Double> shimLauncherUs = new ArrayList<>();
        List<Double> bareUs = new ArrayList<>();
        List<Double> cUs = new ArrayList<>();
        List<Double> cServerUs = new ArrayList<>();
        List<Double> bareShimUs = new ArrayList<>();
        Path bareReport = LauncherSettings.defaultReportDir()
                .resolve("starfish-bench-" + ProcessHandle.current().pid() + ".report");
        List<String> shimArgv = List.of(shim.toString(), "--report", bareReport.toString(), "--", "/bin/true");
        try (ProcessLauncher launcher = new ProcessLauncher(settings.withSpawnServer(true),
                ToolResolver.forHome(home, Optional.empty()));
                ProcessLauncher shimLauncher = new ProcessLauncher(settings.withSpawnServer(false),
                        ToolResolver.forHome(home, Optional.empty()))) {
            for (int i = 0; i < 5 * PER_ROUND; i++) { // warm-up: JIT, page cache, thread pools, the server
                launcher.run(command);
                shimLauncher.run(command);
                bare(List.of("/bin/true"));
                bare(shimArgv);
            }
            cLoop(cLoop, PER_ROUND);
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < PER_ROUND; i++) {
                    long start = System.nanoTime();
                    launcher.run(command);
                    launcherUs.add((System.nanoTime() - start) / 1000.0);
                    start = System.nanoTime();
                    shimLauncher.run(command);
                    shimLauncherUs.add((System.nanoTime() - start) / 1000.0);
                    start = System.nanoTime();
                    bare(List.of("/bin/true"));
                    bareUs.add((System.nanoTime() - start) / 1000.0);
                    start = System.nanoTime();
                    bare(shimArgv);
                    bareShimUs.add((System.nanoTime() - start) / 1000.0);
                }
                cUs.add(cLoop(cLoop, PER_ROUND));
                cServerUs.add(cLoop(cLoop, PER_ROUND, "--server", shim.toString()));
            }
        }
        Files.deleteIfExists(bareReport);
        double launcher = median(launcherUs);
        double bare = median(bareUs);
        double c = median(cUs);
        System.out.printf("spawns per kind: %d (%d rounds of %d, interleaved, after %d warm-up spawns)%n",
                rounds * PER_ROUND, rounds, PER_ROUND, 5 * PER_ROUND);
        System.out.println("| path | median µs | × bare ProcessBuilder | × C posix_spawn |");
        System.out.println("|---|---:|---:|---:|");
        row("(a) ProcessLauncher → spawn server (starfish-exec --server) → /bin/true", launcher, bare, c);
        row("(e) ProcessLauncher → starfish-exec per tool → /bin/true", median(shimLauncherUs), bare, c);
        row("(b) bare ProcessBuilder → /bin/true", bare, bare, c);
        row("(d) bare ProcessBuilder → starfish-exec --report → /bin/true", median(bareShimUs), bare, c);
        row("(c) C posix-spawn-loop → /bin/true (median of per-round medians)", c, bare, c);
        row("(f) C posix-spawn-loop --server → spawn server → /bin/true (likewise)", median(cServerUs), bare, c);
    }

    private static void row(String name, double value, double bare, double c) {
        System.out.printf("| %s | %.0f | %.2f | %.2f |%n", name, value, value / bare, value / c);
    }

    /** One bare spawn with stdout and stderr read to the end (stdin stays an open pipe until it exits). */
    private static void bare(List<String> argv) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(argv).start();
        try (InputStream out = process.getInputStream(); InputStream err = process.getErrorStream()) {
            out.readAllBytes();
            err.readAllBytes();
        }
        if (process.waitFor() != 0) {
            throw new IllegalStateException(argv + " exited " + process.exitValue());
        }
        process.getOutputStream().close();
    }

    /** Runs the C loop for {@code spawns} spawns and returns its median in µs. */
    private static double cLoop(Path loop, int spawns, String... server) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(loop.toString()));
        argv.addAll(List.of(server));
        argv.addAll(List.of(Integer.toString(spawns), "/bin/true"));
        Process process = new ProcessBuilder(argv).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException(loop + " exited " + process.exitValue() + ": " + out);
        }
        Matcher m = C_MEDIAN.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("expected 'median_us=' in the output of " + loop + ", found: " + out);
        }
        return Double.parseDouble(m.group(1));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static Path requireExecutable(Path binary) {
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException("expected the executable " + binary + ", found none; build it with"
                    + " make -C starfish-bin/shim OUT=$PWD/starfish-bin/target all");
        }
        return binary;
    }
}

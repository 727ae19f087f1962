package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.runtime.NativeTestBinaries;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A launcher over a temporary home with the real {@code starfish-exec}, for the launcher tests.
 * Each test class runs on the spawn server; its {@code ...OnShimTest} subclass runs the same tests
 * with one shim process per tool ({@link #spawnServer()} false).
 */
abstract class LauncherTestBase {

    /** The system property that tells a child JVM of these tests which path to take. */
    static final String SPAWN_SERVER_PROPERTY = "starfish.test.spawnServer";

    @TempDir
    Path home;
    @TempDir
    Path work;

    ProcessLauncher launcher;

    @BeforeEach
    void createLauncher() {
        launcher = launcher(4);
    }

    @AfterEach
    void closeLauncher() {
        launcher.close();
    }

    /** Whether tools start through the spawn server (true) or a shim process each (false). */
    boolean spawnServer() {
        return true;
    }

    /** JVM options for a child JVM of these tests: {@code options}, and the path to take. */
    List<String> jvm(String... options) {
        List<String> all = new ArrayList<>(List.of(options));
        all.add("-D" + SPAWN_SERVER_PROPERTY + "=" + spawnServer());
        return all;
    }

    ProcessLauncher launcher(int slots) {
        LauncherSettings settings = LauncherSettings.forHome(home).withShim(NativeTestBinaries.shim())
                .withMaxConcurrentProcesses(slots).withDefaultGrace(Duration.ofMillis(500))
                .withSpawnServer(spawnServer());
        return new ProcessLauncher(settings, ToolResolver.forHome(home, Optional.empty()));
    }

    Command.Builder sh(String job, String script) {
        return Command.builder(job, work, List.of("/bin/sh", "-c", script));
    }

    static String uniqueSleep(long seconds) {
        return seconds + "." + String.format("%09d", Math.abs(System.nanoTime() % 1_000_000_000L));
    }
}

package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.runtime.NativeTestBinaries;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A launcher over a temporary home with the real {@code starfish-exec} shim, for the launcher tests. */
abstract class LauncherTestBase {

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

    ProcessLauncher launcher(int slots) {
        LauncherSettings settings = LauncherSettings.forHome(home).withShim(NativeTestBinaries.shim())
                .withMaxConcurrentProcesses(slots).withDefaultGrace(Duration.ofMillis(500));
        return new ProcessLauncher(settings, ToolResolver.forHome(home, Optional.empty()));
    }

    Command.Builder sh(String job, String script) {
        return Command.builder(job, work, List.of("/bin/sh", "-c", script));
    }

    static String uniqueSleep(long seconds) {
        return seconds + "." + String.format("%09d", Math.abs(System.nanoTime() % 1_000_000_000L));
    }
}

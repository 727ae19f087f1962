package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.runtime.NativeTestBinaries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Runs one command in a child JVM whose shutdown hook stops the launcher, as the compile does on
 * SIGINT/SIGTERM: {@code StoppingLauncherMain REPORTDIR WORKDIR ARGV...}. The hook calls
 * {@link ProcessLauncher#stopAll} and waits for the main thread, which prints
 * {@code interrupted: <message>} when its run was cut short.
 */
public final class StoppingLauncherMain {

    private StoppingLauncherMain() {
    }

    public static void main(String[] args) throws Exception {
        Path reportDir = Path.of(args[0]);
        Path workDir = Path.of(args[1]);
        List<String> argv = Arrays.asList(args).subList(2, args.length);
        Path home = Files.createTempDirectory(workDir, "starfish-child-home");
        LauncherSettings settings = LauncherSettings.forHome(home).withShim(NativeTestBinaries.shim()).withReportDir(reportDir)
                .withSpawnServer(Boolean.parseBoolean(System.getProperty(LauncherTestBase.SPAWN_SERVER_PROPERTY, "true")));
        ProcessLauncher launcher = new ProcessLauncher(settings, ToolResolver.forHome(home, Optional.empty()));
        Thread main = Thread.currentThread();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            launcher.stopAll("the compile received SIGTERM");
            try {
                main.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        try {
            launcher.run(Command.builder("Child", workDir, argv).useLogger(false).build());
            System.out.println("finished");
        } catch (RunInterruptedException e) {
            System.out.println("interrupted: " + e.getMessage());
        }
        System.out.flush();
    }
}

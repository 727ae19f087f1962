package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.api.ProcessResult;
import dev.starfish.runtime.NativeTestBinaries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Runs one command through a {@link ProcessLauncher} in a child JVM, for the tests that need a
 * small heap or a JVM that can be killed: {@code ChildLauncherMain WORKDIR ARGV...}. Prints
 * {@code starting}, then {@code lines=<n> status=<status> maxHeapMb=<m>} when the tool is done.
 * The shim's reports go to {@code WORKDIR}, so a JVM killed with SIGKILL (which cannot clean up)
 * leaves its report directory there rather than in {@code /dev/shm}.
 */
public final class ChildLauncherMain {

    private ChildLauncherMain() {
    }

    public static void main(String[] args) throws Exception {
        Path workDir = Path.of(args[0]);
        List<String> argv = Arrays.asList(args).subList(1, args.length);
        Path home = Files.createTempDirectory(workDir, "starfish-child-home");
        LauncherSettings settings = LauncherSettings.forHome(home).withShim(NativeTestBinaries.shim()).withReportDir(workDir)
                .withSpawnServer(Boolean.parseBoolean(System.getProperty(LauncherTestBase.SPAWN_SERVER_PROPERTY, "true")));
        try (ProcessLauncher launcher = new ProcessLauncher(settings, ToolResolver.forHome(home, Optional.empty()))) {
            System.out.println("starting");
            System.out.flush();
            ProcessResult result = launcher.run(Command.builder("Child", workDir, argv).useLogger(false)
                    .headLines(2).tailLines(2).build());
            System.out.println("lines=" + result.outputLines() + " status=" + result.status().describe()
                    + " maxHeapMb=" + Runtime.getRuntime().maxMemory() / (1024 * 1024)
                    + " tail=" + result.outputTail());
        }
    }
}

package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.StarfishHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * How the host's launcher is set up.
 *
 * @param home the distribution's root ({@code STARFISH_HOME}), absolute
 * @param shim the path of the {@code starfish-exec} shim every tool is started through
 * @param maxConcurrentProcesses how many tools may run at the same time; further runs wait
 * @param defaultGrace time between SIGTERM and SIGKILL when a tool is timed out or cancelled
 * @param outputPrefix how tool output lines are prefixed in the log
 * @param reportDir where the shim's per-run report files are written (renamed into place, not
 *        synced); best on a tmpfs (see {@link #forHome})
 * @param timeouts the wall-clock limit of commands that set none, per job
 */
public record LauncherSettings(Path home, Path shim, int maxConcurrentProcesses, Duration defaultGrace,
        OutputPrefix outputPrefix, Path reportDir, ToolTimeouts timeouts) {

    /** Where the shim lives inside a distribution. */

    public LauncherSettings {
        requireNonNull(home, "home is null");
        requireNonNull(shim, "shim is null");
        requireNonNull(defaultGrace, "defaultGrace is null");
        requireNonNull(outputPrefix, "outputPrefix is null");
        requireNonNull(reportDir, "reportDir is null");
        requireNonNull(timeouts, "timeouts is null");
        if (!home.isAbsolute() || !shim.isAbsolute() || !reportDir.isAbsolute()) {
            throw new IllegalArgumentException("home, shim and reportDir must be absolute paths, found " + home + ", "
                    + shim + " and " + reportDir);
        }
        if (maxConcurrentProcesses < 1) {
            throw new IllegalArgumentException("maxConcurrentProcesses must be at least 1, found " + maxConcurrentProcesses);
        }
        if (defaultGrace.isNegative()) {
            throw new IllegalArgumentException("defaultGrace must not be negative, found " + defaultGrace);
        }
    }

    /**
     * The defaults for a distribution at {@code home}: the shim at {@code home/libexec/starfish-exec},
     * one process per available core, 2 s grace, output lines prefixed with the tool name, reports
     * in {@link #defaultReportDir()}, a wall-clock limit of {@link ToolTimeouts#DEFAULT} (1 h) for
     * every command that sets none.
     */
    public static LauncherSettings forHome(Path home) {
        StarfishHome layout = new StarfishHome(home);
        return new LauncherSettings(layout.root(), layout.execShim(),
                Runtime.getRuntime().availableProcessors(), Duration.ofSeconds(2), OutputPrefix.TOOL,
                defaultReportDir(), ToolTimeouts.of(ToolTimeouts.DEFAULT));
    }

    /**
     * {@code /dev/shm} when it is a writable directory (a tmpfs: the report's write and rename
     * never touch a disk), else {@code java.io.tmpdir}.
     */
    public static Path defaultReportDir() {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            return shm;
        }
        return Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    }

    public LauncherSettings withShim(Path value) {
        return new LauncherSettings(home, value, maxConcurrentProcesses, defaultGrace, outputPrefix, reportDir, timeouts);
    }

    public LauncherSettings withMaxConcurrentProcesses(int value) {
        return new LauncherSettings(home, shim, value, defaultGrace, outputPrefix, reportDir, timeouts);
    }

    public LauncherSettings withDefaultGrace(Duration value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, value, outputPrefix, reportDir, timeouts);
    }

    public LauncherSettings withOutputPrefix(OutputPrefix value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, value, reportDir, timeouts);
    }

    public LauncherSettings withReportDir(Path value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, outputPrefix, value, timeouts);
    }

    public LauncherSettings withTimeouts(ToolTimeouts value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, outputPrefix, reportDir, value);
    }

    /** The same default timeout with per-job overrides, e.g. {@code timeout.<Job>} of {@code conf/starfish.properties}. */
    public LauncherSettings withTimeouts(Function<String, Optional<Duration>> perJob) {
        return withTimeouts(timeouts.withOverrides(perJob));
    }
}

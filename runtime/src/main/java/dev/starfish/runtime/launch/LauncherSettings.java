package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.sandbox.SandboxSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * How the host's launcher is set up. Every default comes from {@link Setting} (the one owner of
 * the launcher's defaults); the shim gets the grace on its command line or in each request.
 *
 * @param home the distribution's root ({@code STARFISH_HOME}), absolute
 * @param shim the path of the {@code starfish-exec} shim every tool is started through
 * @param maxConcurrentProcesses how many tools may run at the same time; further runs wait
 * @param defaultGrace time between SIGTERM and SIGKILL when a tool is timed out or cancelled
 * @param outputPrefix how tool output lines are prefixed in the log
 * @param reportDir where the per-spawn shim writes its report files (renamed into place, not
 *        synced); best on a tmpfs (see {@link #defaultReportDir}); unused by the spawn server
 * @param timeouts the wall-clock limit of commands that set none, per job
 * @param spawnServer whether tools start through one long-lived {@code starfish-exec --server}
 *        (true) or through one {@code starfish-exec} process per tool (false)
 * @param sandbox whether a compile's tool steps run in a bubblewrap sandbox ({@code launcher.sandbox.*})
 */
public record LauncherSettings(Path home, Path shim, int maxConcurrentProcesses, Duration defaultGrace,
        OutputPrefix outputPrefix, Path reportDir, ToolTimeouts timeouts, boolean spawnServer,
        SandboxSettings sandbox) {

    public LauncherSettings {
        requireNonNull(home, "home is null");
        requireNonNull(shim, "shim is null");
        requireNonNull(defaultGrace, "defaultGrace is null");
        requireNonNull(outputPrefix, "outputPrefix is null");
        requireNonNull(reportDir, "reportDir is null");
        requireNonNull(timeouts, "timeouts is null");
        requireNonNull(sandbox, "sandbox is null");
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
     * The defaults of {@link Setting} for a distribution at {@code home}: the shim at
     * {@code home/libexec/starfish-exec}, output lines prefixed with the tool name, reports in
     * {@link #defaultReportDir()}.
     */
    public static LauncherSettings forHome(Path home) {
        return of(new StarfishHome(home), StarfishProperties.empty());
    }

    /**
     * The operator's settings: {@code launcher.*} of {@code properties} (concurrent tools, kill
     * grace, default and per-job timeouts {@code timeout.<Job>}, spawn server), each defaulting
     * to its {@link Setting}.
     */
    public static LauncherSettings of(StarfishHome layout, StarfishProperties properties) {
        String source = properties.source().toString();
        Duration timeout = ToolTimeouts.parseSeconds(Setting.TOOL_TIMEOUT_SECONDS.key(),
                properties.string(Setting.TOOL_TIMEOUT_SECONDS), source);
        return new LauncherSettings(layout.root(), layout.execShim(),
                (int) properties.integer(Setting.MAX_CONCURRENT_SPAWNS),
                Duration.ofMillis(properties.integer(Setting.KILL_GRACE_MILLIS)), OutputPrefix.TOOL,
                defaultReportDir(), ToolTimeouts.fromProperties(timeout,
                        key -> Optional.ofNullable(properties.string(key, null)), source),
                properties.flag(Setting.SPAWN_SERVER), SandboxSettings.of(properties));
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
        return new LauncherSettings(home, value, maxConcurrentProcesses, defaultGrace, outputPrefix, reportDir, timeouts,
                spawnServer, sandbox);
    }

    public LauncherSettings withMaxConcurrentProcesses(int value) {
        return new LauncherSettings(home, shim, value, defaultGrace, outputPrefix, reportDir, timeouts, spawnServer, sandbox);
    }

    public LauncherSettings withDefaultGrace(Duration value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, value, outputPrefix, reportDir, timeouts,
                spawnServer, sandbox);
    }

    public LauncherSettings withReportDir(Path value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, outputPrefix, value, timeouts,
                spawnServer, sandbox);
    }

    public LauncherSettings withTimeouts(ToolTimeouts value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, outputPrefix, reportDir, value,
                spawnServer, sandbox);
    }

    public LauncherSettings withSpawnServer(boolean value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, outputPrefix, reportDir, timeouts,
                value, sandbox);
    }

    public LauncherSettings withSandbox(SandboxSettings value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, outputPrefix, reportDir, timeouts,
                spawnServer, value);
    }

    /** The same default timeout with per-job overrides, e.g. {@code timeout.<Job>} of {@code conf/starfish.properties}. */
    public LauncherSettings withTimeouts(Function<String, Optional<Duration>> perJob) {
        return withTimeouts(timeouts.withOverrides(perJob));
    }
}

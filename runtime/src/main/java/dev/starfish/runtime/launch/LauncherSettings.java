package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How the host's launcher is set up.
 *
 * @param home the distribution's root ({@code STARFISH_HOME}), absolute
 * @param shim the path of the {@code starfish-exec} shim every tool is started through
 * @param maxConcurrentProcesses how many tools may run at the same time; further runs wait
 * @param defaultGrace time between SIGTERM and SIGKILL when a tool is timed out or cancelled
 * @param outputPrefix how tool output lines are prefixed in the log
 */
public record LauncherSettings(Path home, Path shim, int maxConcurrentProcesses, Duration defaultGrace,
        OutputPrefix outputPrefix) {

    /** Where the shim lives inside a distribution. */
    public static final String SHIM_IN_HOME = "libexec/starfish-exec";

    public LauncherSettings {
        requireNonNull(home, "home is null");
        requireNonNull(shim, "shim is null");
        requireNonNull(defaultGrace, "defaultGrace is null");
        requireNonNull(outputPrefix, "outputPrefix is null");
        if (!home.isAbsolute() || !shim.isAbsolute()) {
            throw new IllegalArgumentException("home and shim must be absolute paths, found " + home + " and " + shim);
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
     * one process per available core, 2 s grace, output lines prefixed with the tool name.
     */
    public static LauncherSettings forHome(Path home) {
        Path absoluteHome = home.toAbsolutePath().normalize();
        return new LauncherSettings(absoluteHome, absoluteHome.resolve(SHIM_IN_HOME),
                Runtime.getRuntime().availableProcessors(), Duration.ofSeconds(2), OutputPrefix.TOOL);
    }

    public LauncherSettings withShim(Path value) {
        return new LauncherSettings(home, value, maxConcurrentProcesses, defaultGrace, outputPrefix);
    }

    public LauncherSettings withMaxConcurrentProcesses(int value) {
        return new LauncherSettings(home, shim, value, defaultGrace, outputPrefix);
    }

    public LauncherSettings withDefaultGrace(Duration value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, value, outputPrefix);
    }

    public LauncherSettings withOutputPrefix(OutputPrefix value) {
        return new LauncherSettings(home, shim, maxConcurrentProcesses, defaultGrace, value);
    }
}

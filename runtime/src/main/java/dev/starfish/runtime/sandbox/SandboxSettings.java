package dev.starfish.runtime.sandbox;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The operator's sandbox settings.
 *
 * @param mode {@code launcher.sandbox}
 * @param writable {@code launcher.sandbox.writable}: directories every tool step may also write
 *        (and read), as Bazel's {@code --sandbox_writable_path}; absolute. What a tool reads there is
 *        not in the compile cache's key
 */
public record SandboxSettings(SandboxMode mode, List<Path> writable) {

    public SandboxSettings {
        requireNonNull(mode, "mode is null");
        writable = List.copyOf(requireNonNull(writable, "writable is null"));
    }

    /** {@code auto}, nothing writable besides each step's directory. */
    public static SandboxSettings defaults() {
        return new SandboxSettings(SandboxMode.AUTO, List.of());
    }

    /**
     * The settings of {@code properties}.
     *
     * @throws InvalidInputException for a mode that is not one, or a writable path that is not absolute
     */
    public static SandboxSettings of(StarfishProperties properties) {
        String source = properties.source().toString();
        SandboxMode mode = SandboxMode.parse(properties.string(Setting.SANDBOX), Setting.SANDBOX.key(), source);
        List<Path> writable = new ArrayList<>();
        for (String entry : properties.list(Setting.SANDBOX_WRITABLE)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry);
            if (!path.isAbsolute()) {
                throw new InvalidInputException(source + ": " + Setting.SANDBOX_WRITABLE.key()
                        + " expects absolute directories separated by commas, found '" + entry + "'");
            }
            writable.add(path.normalize());
        }
        return new SandboxSettings(mode, writable);
    }

    public SandboxSettings withMode(SandboxMode value) {
        return new SandboxSettings(value, writable);
    }
}

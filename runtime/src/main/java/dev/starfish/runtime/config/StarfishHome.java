package dev.starfish.runtime.config;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The distribution's root ({@code STARFISH_HOME}) and the only owner of its layout: every
 * other class asks this one where the tools, the shim, the plugins and the configuration are.
 * Found from the {@code STARFISH_HOME} environment variable when set, else from the
 * {@code starfish.home} system property that {@code bin/starfish} sets from its own location.
 */
public record StarfishHome(Path root) {

    public StarfishHome {
        root = requireNonNull(root, "root is null").toAbsolutePath().normalize();
    }

    /** The home the driver was started with; the environment variable overrides the launcher script's guess. */
    public static StarfishHome locate(Map<String, String> env) {
        String fromEnv = env.get("STARFISH_HOME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new StarfishHome(Path.of(fromEnv));
        }
        String fromProperty = System.getProperty("starfish.home");
        if (fromProperty != null && !fromProperty.isBlank()) {
            return new StarfishHome(Path.of(fromProperty));
        }
        throw new InvalidInputException("cannot tell where Starfish is installed: set STARFISH_HOME or start it "
                + "through bin/starfish");
    }

    public Path pluginsDir() {
        return root.resolve("plugins");
    }

    public Path binDir() {
        return root.resolve("starfish/bin");
    }

    public Path privateBinDir() {
        return root.resolve("starfish/bin/private");
    }

    public Path confDir() {
        return root.resolve("conf");
    }

    public Path execShim() {
        return root.resolve("libexec/starfish-exec");
    }

    /** The class-data archive {@code bin/starfish-cds} makes; its key file is beside it with {@code .key} appended. */
    public Path classDataArchive() {
        return root.resolve("lib/starfish.jsa");
    }

    public Path nativeLibDir() {
        return root.resolve("lib/native");
    }

    /** The installation's own library directories, where its tools' libraries live. */
    public List<Path> libraryDirs() {
        return List.of(nativeLibDir(), root.resolve("starfish/lib"));
    }

    /** The installation {@code tool} is a shipped or private tool of ({@code ROOT/starfish/bin[/private]/NAME}), if any. */
    public static Optional<StarfishHome> ofTool(Path tool) {
        Path dir = tool.toAbsolutePath().normalize().getParent();
        if (dir != null && dir.getFileName() != null && dir.getFileName().toString().equals("private")) {
            dir = dir.getParent();
        }
        if (dir == null || dir.getParent() == null || dir.getParent().getParent() == null
                || !dir.endsWith(Path.of("starfish", "bin"))) {
            return Optional.empty();
        }
        return Optional.of(new StarfishHome(dir.getParent().getParent()));
    }

    public boolean looksInstalled() {
        return Files.isDirectory(root.resolve("lib"));
    }
}

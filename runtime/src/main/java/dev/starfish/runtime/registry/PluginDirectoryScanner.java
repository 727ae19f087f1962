package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds plugin jars: every {@code *.jar} entry directly in the plugins directory that is a
 * regular file or a symbolic link (which {@link PluginTrust} then refuses, by name), sorted
 * by file name.
 */
public final class PluginDirectoryScanner {

    private final Path pluginsDir;

    public PluginDirectoryScanner(Path pluginsDir) {
        this.pluginsDir = requireNonNull(pluginsDir, "pluginsDir is null");
    }

    /** The jars in sorted order; an absent directory holds no plugins. */
    public List<Path> scan() {
        if (!Files.isDirectory(pluginsDir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(pluginsDir)) {
            return entries
                    .filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .filter(p -> Files.isSymbolicLink(p) || Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the plugins directory " + pluginsDir, e);
        }
    }

    public Path pluginsDir() {
        return pluginsDir;
    }
}

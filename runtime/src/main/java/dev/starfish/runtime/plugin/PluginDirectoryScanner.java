package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.PluginPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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

    /** A {@code *.jar} entry of the directory and its lstat, read once for every check that follows. */
    public record Candidate(Path jar, FileStat stat) {
        public Candidate {
            requireNonNull(jar, "jar is null");
            requireNonNull(stat, "stat is null");
        }
    }

    /** The candidates of every directory of {@code path}, directory by directory in path order. */
    public static List<Candidate> candidates(PluginPath path) {
        List<Candidate> all = new ArrayList<>();
        path.paths().forEach(dir -> all.addAll(new PluginDirectoryScanner(dir).candidates()));
        return all;
    }

    /** The jars in sorted order; an absent directory holds no plugins. */
    public List<Path> scan() {
        return candidates().stream().map(Candidate::jar).toList();
    }

    /**
     * The jars in sorted order with their lstat; an entry that vanishes or cannot be read while
     * listing is left out, as one that is neither a file nor a link.
     */
    public List<Candidate> candidates() {
        if (!Files.isDirectory(pluginsDir)) {
            return List.of();
        }
        // java.io's listing returns the names only: no Path per entry, a third of the cost with 1 000 jars
        String[] listed = pluginsDir.toFile().list();
        if (listed == null) {
            throw new UncheckedIOException("cannot list the plugins directory " + pluginsDir,
                    new IOException("not a readable directory"));
        }
        List<String> names = new ArrayList<>();
        for (String name : listed) {
            if (name.endsWith(".jar")) {
                names.add(name);
            }
        }
        Collections.sort(names);
        List<Candidate> found = new ArrayList<>(names.size());
        for (String name : names) {
            Path jar = pluginsDir.resolve(name);
            try {
                FileStat stat = FileStat.of(jar);
                if (stat.isSymbolicLink() || stat.isRegularFile()) {
                    found.add(new Candidate(jar, stat));
                }
            } catch (IOException e) {
                // gone since the listing, or unreadable: not a plugin of this run
            }
        }
        return found;
    }

    public Path pluginsDir() {
        return pluginsDir;
    }
}

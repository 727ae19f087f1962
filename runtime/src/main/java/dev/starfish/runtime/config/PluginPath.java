package dev.starfish.runtime.config;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The plugin directories a host loads jobs from, in order, each with where it came from:
 * {@code --plugins-dir DIR} alone; else the entries of {@code plugins.path} in
 * {@code conf/starfish.properties} (comma-separated, relative ones against the installation, default
 * its {@code plugins/}), then the user's own {@link UserDataDirectory#plugins} when it exists. The
 * user's directory is last, so the order of the path never lets it displace a site's plugin.
 *
 * @param directories the directories, in the order their jars are read; never empty
 * @param absentUserDirectory the user's directory when it is not on the path because it does not
 *        exist (yet): a server watches it, so creating it is noticed like a jar dropped in
 */
public record PluginPath(List<Directory> directories, Optional<Path> absentUserDirectory) {

    /** Where a directory of the path came from; its label is what listings show after the directory. */
    public enum Origin {
        INSTALLATION("installation"), CONF(Setting.PLUGINS_PATH.key()), USER("user"), COMMAND_LINE("--plugins-dir");

        private final String label;

        Origin(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** One directory of the path, absolute (as given: a message names it as the user wrote it). */
    public record Directory(Path path, Origin origin) {
        public Directory {
            path = requireNonNull(path, "path is null").toAbsolutePath();
            requireNonNull(origin, "origin is null");
        }

        @Override
        public String toString() {
            return path + " (" + origin.label() + ")";
        }
    }

    public PluginPath {
        directories = List.copyOf(directories);
        requireNonNull(absentUserDirectory, "absentUserDirectory is null");
        if (directories.isEmpty()) {
            throw new IllegalArgumentException("a plugin path holds at least one directory");
        }
    }

    /** The path of one directory, as {@code --plugins-dir} gives it. */
    public static PluginPath of(Path dir) {
        return new PluginPath(List.of(new Directory(dir, Origin.COMMAND_LINE)), Optional.empty());
    }

    /**
     * The path of a command: {@code commandLineDir} alone when it is not {@code null}, else
     * {@code plugins.path} of {@code properties} and the user's directory of {@code env} (the
     * request's environment).
     *
     * @throws InvalidInputException when {@code plugins.path} is not a list of directories
     */
    public static PluginPath resolve(StarfishHome home, StarfishProperties properties, Map<String, String> env,
            Path commandLineDir) {
        if (commandLineDir != null) {
            return of(commandLineDir);
        }
        List<Directory> directories = new ArrayList<>(PluginPathSetting.directories(home, properties));
        Optional<Path> user = UserDataDirectory.plugins(env).map(p -> p.toAbsolutePath().normalize())
                .filter(p -> directories.stream().noneMatch(d -> sameDirectory(d.path(), p)));
        if (user.isPresent() && Files.exists(user.get())) {
            directories.add(new Directory(user.get(), Origin.USER));
            return new PluginPath(directories, Optional.empty());
        }
        return new PluginPath(directories, user);
    }

    /** The directories' paths, in order. */
    public List<Path> paths() {
        return directories.stream().map(Directory::path).toList();
    }

    /** Every directory whose change means the plugins must be loaded again: the path, and the absent user directory. */
    public List<Path> watched() {
        List<Path> watched = new ArrayList<>(paths());
        absentUserDirectory.ifPresent(watched::add);
        return watched;
    }

    /** How messages name {@code jar}: its file name on a path of one directory, else its whole path. */
    public String nameOf(Path jar) {
        return directories.size() == 1 ? jar.getFileName().toString() : jar.toAbsolutePath().toString();
    }

    /** The directories, comma-separated. */
    public String describe() {
        return String.join(", ", paths().stream().map(Path::toString).toList());
    }

    /**
     * Checks that every directory of the path exists and is a directory, and that no two are one
     * directory by another name (every jar would then declare its jobs twice).
     *
     * @throws InvalidInputException naming the directory and the setting to check
     */
    public void requireDirectories(StarfishHome home, Path confFile) {
        Map<Path, Path> byRealPath = new HashMap<>();
        for (Directory directory : directories) {
            Path dir = directory.path();
            if (!Files.isDirectory(dir)) {
                throw new InvalidInputException("plugins directory " + dir + (Files.exists(dir) ? " is not a directory"
                        : " does not exist") + "; " + whatToCheck(directory.origin(), home, confFile));
            }
            Path real = realPath(dir);
            Path earlier = byRealPath.putIfAbsent(real, dir);
            if (earlier != null) {
                throw new InvalidInputException("plugins directories " + earlier + " and " + dir + " are one directory ("
                        + real + "), so each of its jobs would be declared twice; list it once in "
                        + Setting.PLUGINS_PATH.key() + " in " + confFile);
            }
        }
    }

    private static String whatToCheck(Origin origin, StarfishHome home, Path confFile) {
        return switch (origin) {
            case COMMAND_LINE -> "check --plugins-dir";
            case INSTALLATION -> "check STARFISH_HOME (" + home.root() + ")";
            case CONF -> "check " + Setting.PLUGINS_PATH.key() + " in " + confFile;
            case USER -> "it is your own plugins directory ($XDG_DATA_HOME/starfish/plugins, else "
                    + "~/.local/share/starfish/plugins): make it a directory, or remove it";
        };
    }

    private static boolean sameDirectory(Path a, Path b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException | InvalidPathException e) {
            return false;
        }
    }

    private static Path realPath(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir;
        }
    }
}

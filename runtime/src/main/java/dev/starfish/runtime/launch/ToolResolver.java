package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.ToolNotFoundException;
import java.nio.file.Files;
import dev.starfish.runtime.config.StarfishHome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Resolves a native tool's name to an executable, the seed's {@code getFullyQualifiedLocation}.
 *
 * <p>An absolute path is used as is but must name an executable regular file. A bare name is
 * looked up in the search directories in order and the first executable regular file of that
 * name wins; directories and non-executable files of that name are passed over, as
 * {@code shutil.which} does. A relative name holding {@code /} is refused, so a job cannot reach
 * outside the tool directories. The tool found must pass {@link ToolTrust}, or it is refused
 * rather than passed over: a tool others could plant is an attack, not a miss. Immutable and
 * thread-safe.
 */
public final class ToolResolver {

    /** One search directory and the origin it stands for. */
    private record SearchDir(Path dir, ToolOrigin origin) {
    }

    private final List<SearchDir> searchDirs;
    private final ToolTrust trust;

    private ToolResolver(List<SearchDir> searchDirs, ToolTrust trust) {
        this.searchDirs = List.copyOf(searchDirs);
        this.trust = requireNonNull(trust, "trust is null");
    }

    /**
     * The resolver of a distribution: {@code home/starfish/bin/private}, then the plugin's own
     * tools directory when there is one, then {@code home/starfish/bin}.
     */
    public static ToolResolver forHome(Path home, Optional<Path> pluginToolsDir) {
        requireNonNull(home, "home is null");
        requireNonNull(pluginToolsDir, "pluginToolsDir is null");
        StarfishHome layout = new StarfishHome(home);
        List<SearchDir> dirs = new ArrayList<>();
        dirs.add(new SearchDir(layout.privateBinDir(), ToolOrigin.PRIVATE));
        pluginToolsDir.ifPresent(dir -> dirs.add(new SearchDir(dir.toAbsolutePath().normalize(), ToolOrigin.PLUGIN)));
        dirs.add(new SearchDir(layout.binDir(), ToolOrigin.BIN));
        return new ToolResolver(dirs, ToolTrust.forCurrentUser());
    }

    /** The same home with another plugin's tools directory (or none) between private and bin. */
    public ToolResolver withPluginToolsDir(Optional<Path> pluginToolsDir) {
        requireNonNull(pluginToolsDir, "pluginToolsDir is null");
        List<SearchDir> dirs = new ArrayList<>();
        for (SearchDir dir : searchDirs) {
            if (dir.origin() == ToolOrigin.BIN) {
                pluginToolsDir.ifPresent(p -> dirs.add(new SearchDir(p.toAbsolutePath().normalize(), ToolOrigin.PLUGIN)));
            }
            if (dir.origin() != ToolOrigin.PLUGIN) {
                dirs.add(dir);
            }
        }
        return new ToolResolver(dirs, trust);
    }

    /** The directories searched for a bare name, in order. */
    public List<Path> searchPath() {
        return searchDirs.stream().map(SearchDir::dir).toList();
    }

    /**
     * Resolves {@code toolName} to an absolute executable path.
     *
     * @throws ToolNotFoundException {@code Could not find <name> (searched: ...)} on a miss,
     *         or with the reason when an absolute path is not an executable regular file
     * @throws InvalidInputException for an empty name or a relative name containing {@code /}
     * @throws UntrustedToolException when the tool found, or its directory, is owned by another
     *         user or writable by others ({@link ToolTrust})
     */
    public Path resolve(String toolName) {
        return locate(toolName).path();
    }

    /** Like {@link #resolve} but also tells where the tool came from. */
    public ResolvedTool locate(String toolName) {
        requireNonNull(toolName, "toolName is null");
        if (toolName.isEmpty() || toolName.indexOf('\0') >= 0) {
            throw new InvalidInputException("a tool name must be a non-empty bare name or an absolute path, found '"
                    + toolName.replace("\0", "\\0") + "'");
        }
        Path candidate = Path.of(toolName);
        if (candidate.isAbsolute()) {
            return trusted(new ResolvedTool(checkAbsolute(toolName, candidate), ToolOrigin.ABSOLUTE), Optional.empty());
        }
        if (toolName.contains("/")) {
            throw new InvalidInputException("tool name '" + toolName + "' is a relative path; expected a bare name"
                    + " searched in " + searchPath() + " or an absolute path");
        }
        for (SearchDir dir : searchDirs) {
            Path file = dir.dir().resolve(toolName);
            if (isExecutableFile(file)) {
                return trusted(new ResolvedTool(file, dir.origin()), Optional.of(dir.dir()));
            }
        }
        throw new ToolNotFoundException(toolName, searchPath());
    }

    private ResolvedTool trusted(ResolvedTool tool, Optional<Path> dir) {
        Optional<String> problem = trust.toolProblem(tool.path(), dir);
        if (problem.isPresent()) {
            throw new UntrustedToolException(problem.get());
        }
        return tool;
    }

    private static Path checkAbsolute(String toolName, Path path) {
        if (!Files.exists(path)) {
            throw new ToolNotFoundException(toolName, "no such file");
        }
        if (!Files.isRegularFile(path)) {
            throw new ToolNotFoundException(toolName, "expected an executable regular file, found "
                    + (Files.isDirectory(path) ? "a directory" : "a special file"));
        }
        if (!Files.isExecutable(path)) {
            throw new ToolNotFoundException(toolName, "expected an executable regular file, found a file without"
                    + " execute permission");
        }
        return path;
    }

    /** {@code shutil.which}'s test: a regular file (symlinks followed) that we may execute. */
    private static boolean isExecutableFile(Path file) {
        return Files.isRegularFile(file) && Files.isExecutable(file);
    }

    @Override
    public String toString() {
        return "ToolResolver" + searchDirs;
    }
}

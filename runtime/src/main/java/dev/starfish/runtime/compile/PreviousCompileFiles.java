package dev.starfish.runtime.compile;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What an earlier compile left in a work directory Starfish made: its subgraph directories
 * ({@code sgNN/}), replay scripts, reports, model snapshot, unpublished output and the work
 * directory's declared artifacts. A compile that takes such a directory over removes them under
 * the directory's lock, before its first job, so neither its jobs nor {@code starfish replay} ever
 * see another model's files. Anything else (a user's own file, or a directory where Starfish writes
 * a file) is kept; symbolic links are removed, never followed.
 */
final class PreviousCompileFiles {

    private static final Set<String> REPORTS = Set.of("report.json", "report.html", "trace.json");
    private static final String SNAPSHOT_DIR = ".starfish-model";
    private static final String UNPUBLISHED_OUTPUT = "output.neff";

    private PreviousCompileFiles() {
    }

    /** Removes them from {@code dir}; one line naming the file when one cannot be removed. */
    static void remove(Path dir, ArtifactCatalog catalog) {
        for (Path stale : find(dir, catalog)) {
            try {
                deleteTree(stale);
            } catch (IOException e) {
                throw new InvalidInputException("work directory " + dir + " holds " + stale.getFileName()
                        + " of an earlier compile, which cannot be removed (" + e.getMessage() + "); remove it or use "
                        + "a new --workdir");
            }
        }
    }

    /** The entries of {@code dir} an earlier compile made, sorted. */
    static List<Path> find(Path dir, ArtifactCatalog catalog) {
        Set<String> artifacts = new HashSet<>();
        catalog.all().stream().filter(a -> a.scope() == Artifacts.Scope.WORK_DIR)
                .forEach(a -> a.files().forEach(f -> artifacts.add(Path.of(f).getName(0).toString())));
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                boolean directory = Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS);
                // Starfish makes these directories; the other names it writes as files, so a directory
                // of such a name is the user's and is kept (the compile then warns it cannot write there)
                boolean ours = directory ? name.matches("sg\\d+") || name.equals(SNAPSHOT_DIR)
                        : name.startsWith("replay_") && name.endsWith(".sh") || REPORTS.contains(name)
                                || artifacts.contains(name) || name.startsWith(UNPUBLISHED_OUTPUT);
                if (ours) {
                    found.add(entry);
                }
            }
        } catch (IOException e) {
            throw new InvalidInputException("work directory " + dir + " cannot be read: " + e.getMessage());
        }
        found.sort(Comparator.naturalOrder());
        return found;
    }

    /** Deletes a file, a link or a directory tree, never following a link (Files.walk does not). */
    private static void deleteTree(Path root) throws IOException {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(root);
            return;
        }
        List<Path> all;
        try (Stream<Path> files = Files.walk(root)) {
            all = files.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path file : all) {
            Files.deleteIfExists(file);
        }
    }
}

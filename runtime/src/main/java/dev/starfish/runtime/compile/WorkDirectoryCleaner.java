package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.CurrentUser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Removes the work directories ({@code *.work/}) Starfish made in one directory, and the
 * {@code log-starfish.txt} links that point into them. A directory is removed only when it holds
 * the {@value WorkDirectory#TAG} tag, belongs to the current user, is not a symbolic link, and no
 * compile holds its lock: the cleaner takes that lock itself, renames the directory to a private
 * name (so a compile starting now makes a fresh one) and deletes the renamed tree through
 * directory handles, never following a link inside it.
 */
public final class WorkDirectoryCleaner {

    static final String SUFFIX = ".work";
    static final String LOG_LINK = "log-starfish.txt";

    /** What happened to one candidate; {@code reason} says why a skipped one was left alone. */
    public record Outcome(Path path, boolean removed, String reason) {
    }

    private WorkDirectoryCleaner() {
    }

    /**
     * @param dryRun say what would be removed, remove nothing
     * @throws InvalidInputException {@code dir} is not a directory
     */
    public static List<Outcome> clean(Path dir, boolean dryRun) {
        requireDirectory(dir);
        List<Outcome> outcomes = new ArrayList<>();
        List<Path> removed = new ArrayList<>();
        for (Path candidate : candidates(dir)) {
            Outcome outcome = cleanOne(candidate, dryRun);
            outcomes.add(outcome);
            if (outcome.removed()) {
                removed.add(candidate);
            }
        }
        logLink(dir, removed).ifPresent(link -> {
            if (!dryRun) {
                delete(link);
            }
            outcomes.add(new Outcome(link, true, "its link"));
        });
        return outcomes;
    }

    /** @throws InvalidInputException {@code dir} is not a directory */
    public static void requireDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException("clean expects a directory, found " + (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)
                    ? "a file" : "nothing") + " at " + dir);
        }
    }

    private static List<Path> candidates(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            List<Path> found = new ArrayList<>();
            entries.forEach(found::add);
            found.sort(null);
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Outcome cleanOne(Path dir, boolean dryRun) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(dir, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                return new Outcome(dir, false, "a symbolic link (never followed)");
            }
            if (!attributes.isDirectory()) {
                return new Outcome(dir, false, "not a directory");
            }
            if (!WorkDirectory.isTagged(dir)) {
                return new Outcome(dir, false, "no " + WorkDirectory.TAG + " tag: Starfish did not make it");
            }
            int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (owner != CurrentUser.uid()) {
                return new Outcome(dir, false, "owned by " + Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName()
                        + ", not by you");
            }
            try (LockedFile tag = LockedFile.open(dir.resolve(WorkDirectory.TAG), StandardOpenOption.READ)) {
                if (!tag.tryLock()) {
                    String holder = tag.head(32);
                    return new Outcome(dir, false, "in use by a running compile" + (holder.isEmpty() ? ""
                            : " (pid " + holder + ")"));
                }
                if (!dryRun) {
                    Path doomed = dir.resolveSibling("." + dir.getFileName() + ".removing-" + ProcessHandle.current().pid());
                    Files.move(dir, doomed, StandardCopyOption.ATOMIC_MOVE);
                    deleteTree(doomed);
                }
            }
            return new Outcome(dir, true, "");
        } catch (IOException e) {
            return new Outcome(dir, false, "cannot remove it: " + (e.getMessage() == null ? e : e.getMessage()));
        }
    }

    /** Deletes {@code dir} and everything under it through directory handles (openat), following no link. */
    private static void deleteTree(Path dir) throws IOException {
        Path parent = dir.toAbsolutePath().getParent();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
            if (!(stream instanceof SecureDirectoryStream<Path> secure)) {
                throw new IOException("this file system offers no secure directory handles");
            }
            deleteEntry(secure, dir.getFileName());
        }
    }

    private static void deleteEntry(SecureDirectoryStream<Path> parent, Path name) throws IOException {
        BasicFileAttributes attributes = parent.getFileAttributeView(name, BasicFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS).readAttributes();
        if (attributes.isDirectory()) {
            try (SecureDirectoryStream<Path> child = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                List<Path> names = new ArrayList<>();
                child.forEach(p -> names.add(p.getFileName()));
                for (Path entry : names) {
                    deleteEntry(child, entry);
                }
            }
            parent.deleteDirectory(name);
        } else {
            parent.deleteFile(name);
        }
    }

    /** {@code dir/log-starfish.txt} when it is a symbolic link into one of {@code removed}. */
    private static Optional<Path> logLink(Path dir, List<Path> removed) {
        Path link = dir.resolve(LOG_LINK);
        if (!Files.isSymbolicLink(link)) {
            return Optional.empty();
        }
        try {
            Path target = dir.toAbsolutePath().resolve(Files.readSymbolicLink(link)).normalize();
            return removed.stream().anyMatch(r -> target.startsWith(r.toAbsolutePath().normalize())) ? Optional.of(link)
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static void delete(Path link) {
        try {
            Files.deleteIfExists(link);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the link " + link + ": " + e.getMessage(), e);
        }
    }
}

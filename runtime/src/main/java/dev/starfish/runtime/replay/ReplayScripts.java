package dev.starfish.runtime.replay;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.PathTrust;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The replay scripts of one compile's work directory: {@code <workdir>/replay_<Job>.sh} and
 * {@code <workdir>/sgNN/replay_<Job>[_sgNN].sh}. Only a directory Starfish made (it holds the
 * {@code .starfish-workdir} tag) is read; a script is run only from a directory of the current
 * user that nobody else may write, and never through a symbolic link.
 */
public final class ReplayScripts {

    public static final String WORKDIR_TAG = ".starfish-workdir";

    private final Path workDir;
    private final List<ReplayScript> scripts;

    private ReplayScripts(Path workDir, List<ReplayScript> scripts) {
        this.workDir = workDir;
        this.scripts = List.copyOf(scripts);
    }

    /** The scripts of {@code workDir}; refuses a directory that is missing or that Starfish did not make. */
    public static ReplayScripts of(Path workDir) {
        if (!Files.isDirectory(workDir)) {
            throw new InvalidInputException("expected a compile's work directory, found "
                    + (Files.exists(workDir, LinkOption.NOFOLLOW_LINKS) ? "a file that is not a directory" : "nothing")
                    + " at " + workDir);
        }
        if (!Files.isRegularFile(workDir.resolve(WORKDIR_TAG), LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidInputException(workDir + " is not a work directory Starfish made (no " + WORKDIR_TAG
                    + " in it); give the --workdir of a compile (default: MODEL.work)");
        }
        List<ReplayScript> found = new ArrayList<>();
        try (Stream<Path> entries = Files.walk(workDir, 2)) {
            entries.filter(p -> isTopOrSubgraphLevel(workDir, p))
                    .forEach(p -> ReplayScript.of(p, Files.isSymbolicLink(p))
                            .filter(s -> s.symbolicLink() || Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                            .ifPresent(found::add));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the replay scripts of " + workDir + ": " + e.getMessage(), e);
        }
        found.sort(Comparator.comparing((ReplayScript s) -> s.subgraph().isPresent() ? 0 : 1)
                .thenComparing(s -> s.subgraphLabel()).thenComparing(s -> s.path().toString()));
        return new ReplayScripts(workDir, found);
    }

    private static boolean isTopOrSubgraphLevel(Path workDir, Path p) {
        Path relative = workDir.relativize(p);
        return relative.getNameCount() == 1 || relative.getNameCount() == 2 && relative.getName(0).toString()
                .matches("sg\\d+");
    }

    public Path workDir() {
        return workDir;
    }

    public List<ReplayScript> all() {
        return scripts;
    }

    /**
     * The one script of {@code job} (and {@code subgraph}, {@code sgNN} or a number); a usage
     * error listing the choices when there is none or more than one.
     */
    public ReplayScript select(String job, Optional<String> subgraph) {
        List<ReplayScript> ofJob = scripts.stream().filter(s -> s.job().equals(job)).toList();
        if (ofJob.isEmpty()) {
            throw new InvalidInputException("no replay script of job " + job + " in " + workDir + "; "
                    + (scripts.isEmpty() ? "it holds none (a compile without --keep-temps removes them)"
                            : "jobs with one: " + String.join(", ", jobs())));
        }
        Optional<String> wanted = subgraph.map(ReplayScripts::normalizeSubgraph);
        List<ReplayScript> chosen = wanted.map(sg -> ofJob.stream().filter(s -> s.subgraph().equals(Optional.of(sg)))
                .toList()).orElse(ofJob);
        String choices = String.join(", ", ofJob.stream().map(ReplayScript::subgraphLabel).toList());
        if (chosen.isEmpty()) {
            throw new InvalidInputException("job " + job + " has no replay script for subgraph " + subgraph.get()
                    + " in " + workDir + "; expected one of: " + choices);
        }
        if (chosen.size() > 1) {
            throw new InvalidInputException("job " + job + " ran once per subgraph; give the SUBGRAPH to replay: "
                    + choices);
        }
        return chosen.get(0);
    }

    private List<String> jobs() {
        return new ArrayList<>(new TreeSet<>(scripts.stream().map(ReplayScript::job).toList()));
    }

    private static String normalizeSubgraph(String text) {
        return text.matches("\\d+") ? String.format("sg%02d", Integer.parseInt(text)) : text;
    }

    /**
     * Why {@code script} must not be run, or empty when it may: a symbolic link, or a script, its
     * directory or the work directory owned by another user or writable by group or others.
     */
    public Optional<String> whyNotRunnable(ReplayScript script) {
        if (script.symbolicLink()) {
            return Optional.of("the replay script " + script.path() + " is a symbolic link (to "
                    + linkTarget(script.path()) + "); Starfish writes regular files, so something else put it there");
        }
        for (Path dir : new TreeSet<>(List.of(workDir, script.path().getParent()))) {
            Optional<String> problem = PathTrust.whyUntrusted(dir, true);
            if (problem.isPresent()) {
                return Optional.of("the directory " + dir + " " + problem.get()
                        + ", so its replay scripts may not be what Starfish wrote");
            }
        }
        return PathTrust.whyUntrusted(script.path(), false)
                .map(problem -> "the replay script " + script.path() + " " + problem);
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "an unreadable target";
        }
    }
}

package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.PluginPath;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides which jars of the plugin path may be imported, before any class of theirs
 * is loaded. In order, a jar is refused when:
 * <ol>
 *   <li>its directory, or the jar itself, fails {@link PluginTrust};</li>
 *   <li>{@code conf/plugins.lock} exists and does not list the jar with its hash;</li>
 *   <li>it cannot be read as a plugin (then it <i>failed</i>: {@code Could not import});</li>
 *   <li>its {@code Plugin-Id} could name a path ({@link PluginInfo#ID_PATTERN});</li>
 *   <li>it declares a job that another admissible jar declares too, in its directory or another
 *       one of the path. Then <b>every</b> jar declaring that job is refused: which jar is genuine
 *       cannot be told from file names, sort order or a manifest a hostile jar can copy, so none
 *       of them is run;</li>
 *   <li>it declares an artifact differently from another admissible jar, or a standard one
 *       differently from the plugin API ({@link ArtifactDeclarations});</li>
 *   <li>its {@code Plugin-Id} is the id of a jar before it (in path order, then file-name order)
 *       that passed every rule above: the id names the plugin's native cache directory, which two
 *       plugins must not share.</li>
 * </ol>
 * Jars are named by file name on a path of one directory, by their whole path otherwise
 * ({@link PluginPath#nameOf}).
 * Rejected jobs (the reject list) take no part in the duplicate rule.
 */
public final class PluginAdmission {

    /** The jars that may be imported, and a report for each one that may not. */
    public record Result(List<PluginJarReader.PluginJar> admitted, List<PluginReport> turnedAway) {
        public Result {
            admitted = List.copyOf(admitted);
            turnedAway = List.copyOf(turnedAway);
        }
    }

    private final PluginTrust trust;
    private final Optional<PluginLock> lock;
    private final PluginRejectList rejectList;
    private final PluginIndex reader;

    public PluginAdmission(PluginTrust trust, Optional<PluginLock> lock, PluginRejectList rejectList, PluginIndex reader) {
        this.reader = requireNonNull(reader, "reader is null");
        this.trust = requireNonNull(trust, "trust is null");
        this.lock = requireNonNull(lock, "lock is null");
        this.rejectList = requireNonNull(rejectList, "rejectList is null");
    }

    public Result decide(PluginPath path, List<PluginDirectoryScanner.Candidate> candidates) {
        List<PluginReport> turnedAway = new ArrayList<>();
        List<PluginJarReader.PluginJar> readable = new ArrayList<>();
        Map<Path, Optional<String>> directoryProblems = new HashMap<>();
        Path firstDirectory = path.paths().get(0);
        for (PluginDirectoryScanner.Candidate candidate : candidates) {
            Path jar = candidate.jar();
            Optional<String> problem;
            try {
                problem = directoryProblems.computeIfAbsent(jar.getParent(), trust::directoryProblem)
                        .or(() -> trust.jarProblem(jar, candidate.stat()))
                        .or(() -> lock.flatMap(l -> l.problem(jar, PluginLock.entryName(jar, firstDirectory))));
            } catch (UncheckedIOException e) {
                problem = Optional.of("cannot be checked: " + OneLine.of(e.getMessage()));
            }
            if (problem.isPresent()) {
                turnedAway.add(new PluginReport(jar.toAbsolutePath(), null, null, List.of(), PluginReport.State.REFUSED,
                        problem.get()));
                continue;
            }
            try {
                PluginJarReader.PluginJar pluginJar = reader.read(jar, candidate.stat());
                if (pluginJar.info().hasValidId()) {
                    readable.add(pluginJar);
                } else {
                    turnedAway.add(refused(pluginJar, "its Plugin-Id '" + pluginJar.info().id() + "' is not a plain "
                            + "name: expected " + PluginInfo.ID_PATTERN.pattern() + " (it names the plugin's cache "
                            + "directory); fix Plugin-Id in the jar's META-INF/MANIFEST.MF"));
                }
            } catch (PluginImportException e) {
                turnedAway.add(new PluginReport(jar.toAbsolutePath(), null, null, List.of(), PluginReport.State.FAILED,
                        "Could not import '" + e.importName() + "' from " + path.nameOf(jar) + ": "
                                + OneLine.of(e.getMessage())));
            }
        }
        List<PluginJarReader.PluginJar> admitted = new ArrayList<>();
        Map<String, List<String>> jarsByJob = jarsByJob(path, readable);
        Map<String, String> jarById = new HashMap<>();
        ArtifactDeclarations artifacts = new ArtifactDeclarations(readable, rejectList,
                jar -> path.nameOf(jar.info().jar()));
        for (PluginJarReader.PluginJar pluginJar : readable) {
            Optional<String> duplicate = duplicateProblem(path, pluginJar, jarsByJob)
                    .or(() -> artifacts.problem(pluginJar))
                    .or(() -> idProblem(path, pluginJar, jarById));
            if (duplicate.isPresent()) {
                turnedAway.add(refused(pluginJar, duplicate.get()));
            } else {
                admitted.add(pluginJar);
            }
        }
        return new Result(admitted, turnedAway);
    }

    private Map<String, List<String>> jarsByJob(PluginPath path, List<PluginJarReader.PluginJar> jars) {
        Map<String, List<String>> byJob = new LinkedHashMap<>();
        for (PluginJarReader.PluginJar jar : jars) {
            for (String job : jar.jobNames()) {
                if (!rejectList.rejects(job)) {
                    byJob.computeIfAbsent(job, k -> new ArrayList<>()).add(path.nameOf(jar.info().jar()));
                }
            }
        }
        return byJob;
    }

    private static Optional<String> duplicateProblem(PluginPath path, PluginJarReader.PluginJar jar,
            Map<String, List<String>> byJob) {
        String self = path.nameOf(jar.info().jar());
        for (String job : jar.jobNames()) {
            List<String> declaring = byJob.getOrDefault(job, List.of());
            if (declaring.size() > 1) {
                List<String> others = declaring.stream().filter(j -> !j.equals(self)).distinct().toList();
                String by = others.isEmpty() ? "this jar too (twice)" : String.join(", ", others);
                return Optional.of("job '" + job + "' of " + self + " is also declared by " + by + "; a job name "
                        + "must come from one jar only, so every jar declaring it is refused: remove the jar you "
                        + "do not trust");
            }
        }
        return Optional.empty();
    }

    /** Claims the jar's id; when a jar before it holds the id already, why this jar is refused. */
    private static Optional<String> idProblem(PluginPath path, PluginJarReader.PluginJar jar,
            Map<String, String> jarById) {
        String self = path.nameOf(jar.info().jar());
        String first = jarById.putIfAbsent(jar.info().id(), self);
        if (first == null) {
            return Optional.empty();
        }
        return Optional.of("its Plugin-Id '" + jar.info().id() + "' is already the id of " + first + " (first in "
                + (path.directories().size() == 1 ? "file-name" : "plugin path")
                + " order, kept); two plugins must not share the native cache directory an id names: "
                + "remove " + first + " or " + self + ", or give one its own Plugin-Id");
    }

    private static PluginReport refused(PluginJarReader.PluginJar jar, String reason) {
        return new PluginReport(jar.info().jar(), jar.info().id(), jar.info().version(), jar.jobNames(),
                PluginReport.State.REFUSED, reason);
    }
}

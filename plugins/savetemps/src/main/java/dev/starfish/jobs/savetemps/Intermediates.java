package dev.starfish.jobs.savetemps;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.Artifacts;
import dev.starfish.api.PlanStep;
import dev.starfish.api.Subgraph;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The intermediate files of a compile, derived from its executed steps: every artifact a step
 * produced that the compile's {@link ArtifactCatalog} marks intermediate (a standard one or a
 * plugin's own), in each subgraph directory or the work directory as the artifact's scope says
 * (a directory artifact with every regular file below it); and the replay scripts of the steps
 * that consume one of them. A subgraph directory left empty goes too. Symbolic links are never
 * followed: a link where an artifact should be is the user's, and kept.
 */
final class Intermediates {

    /** What a removal removed. */
    record Removal(List<Path> files, List<Path> replayScripts) {
        Removal {
            files = List.copyOf(files);
            replayScripts = List.copyOf(replayScripts);
        }
    }

    private Intermediates() {
    }

    /** The intermediate artifacts produced by {@code steps}, in catalog order. */
    static Set<String> produced(List<PlanStep> steps, ArtifactCatalog catalog) {
        Set<String> names = new LinkedHashSet<>();
        for (Artifacts.Artifact artifact : catalog.all()) {
            boolean made = steps.stream().anyMatch(step -> step.produces().contains(artifact.name()));
            if (made && artifact.intermediate()) {
                names.add(artifact.name());
            }
        }
        return names;
    }

    static Removal remove(Path workDir, List<Subgraph> inputs, List<PlanStep> steps, ArtifactCatalog catalog) {
        Set<String> intermediates = produced(steps, catalog);
        List<Path> files = new ArrayList<>();
        for (String name : intermediates) {
            Artifacts.Artifact artifact = catalog.of(name);
            List<Path> dirs = artifact.scope() == Artifacts.Scope.SUBGRAPH
                    ? inputs.stream().map(Subgraph::dir).toList() : List.of(workDir);
            for (Path dir : dirs) {
                for (String entry : artifact.files()) {
                    Path file = dir.resolve(entry);
                    if (Artifacts.Artifact.isDirectory(entry)) {
                        deleteTree(file, files);
                    } else {
                        delete(file, files);
                    }
                    removeEmptyParents(file.getParent(), dir);
                }
            }
        }
        List<Path> scripts = new ArrayList<>();
        for (PlanStep step : steps) {
            boolean inputsGone = step.consumes().stream().anyMatch(intermediates::contains);
            if (inputsGone) {
                step.replayScript().ifPresent(script -> delete(script, scripts));
            }
        }
        // a subgraph directory left empty is no output of the compile either
        inputs.stream().map(Subgraph::dir).filter(dir -> Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS))
                .forEach(dir -> removeEmptyParents(dir, workDir));
        return new Removal(files, scripts);
    }

    private static void removeEmptyParents(Path dir, Path stop) {
        if (dir == null || dir.equals(stop) || !dir.startsWith(stop)) {
            return;
        }
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            // something else lives there: keep it
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }

    /** Every file below {@code dir}, then the directories left empty; a link is removed, never followed. */
    private static void deleteTree(Path dir, List<Path> removed) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(dir)) {
            List<Path> entries = tree.sorted(Comparator.reverseOrder()).toList();
            for (Path entry : entries) {
                if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    removeEmptyParents(entry, dir.getParent());
                } else if (Files.deleteIfExists(entry)) {
                    removed.add(entry);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }

    private static void delete(Path file, List<Path> removed) {
        try {
            if (Files.isRegularFile(file) && Files.deleteIfExists(file)) {
                removed.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file, e);
        }
    }
}

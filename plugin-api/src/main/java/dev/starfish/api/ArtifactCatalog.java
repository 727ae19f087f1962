package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every artifact one compile knows: the standard ones of {@link Artifacts} and those its plugins
 * declare with {@link ArtifactSpec}, in that order. The host builds it from the installed plugins
 * and gives it to the compile's jobs through {@link JobState#artifactCatalog()}. Immutable.
 */
public final class ArtifactCatalog {

    private static final ArtifactCatalog STANDARD = new ArtifactCatalog(Artifacts.all());

    private final Map<String, Artifacts.Artifact> byName;

    private ArtifactCatalog(List<Artifacts.Artifact> artifacts) {
        Map<String, Artifacts.Artifact> table = new LinkedHashMap<>();
        for (Artifacts.Artifact artifact : artifacts) {
            Artifacts.Artifact before = table.putIfAbsent(artifact.name(), artifact);
            if (before != null && !before.equals(artifact)) {
                throw new IllegalArgumentException("artifact '" + artifact.name() + "' is declared twice, differently: "
                        + before + " and " + artifact);
            }
        }
        this.byName = Collections.unmodifiableMap(table);
    }

    /** The standard artifacts only, as {@link Artifacts} defines them. */
    public static ArtifactCatalog standard() {
        return STANDARD;
    }

    /**
     * The standard artifacts followed by {@code declared}.
     *
     * @throws IllegalArgumentException when one name is declared twice with different meanings
     */
    public static ArtifactCatalog of(List<Artifacts.Artifact> declared) {
        List<Artifacts.Artifact> all = new ArrayList<>(Artifacts.all());
        all.addAll(requireNonNull(declared, "declared is null"));
        return new ArtifactCatalog(all);
    }

    /** The artifact of that name, if this compile knows one. */
    public Optional<Artifacts.Artifact> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The artifact of that name. @throws IllegalArgumentException for a name no plugin declares */
    public Artifacts.Artifact of(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown artifact '" + name
                + "': neither the host nor any installed plugin declares it (expected one of "
                + String.join(", ", byName.keySet()) + ")"));
    }

    /** Every artifact, standard ones first, then in the order the plugins declare them. */
    public List<Artifacts.Artifact> all() {
        return List.copyOf(byName.values());
    }

    /** The one file of a single-file artifact in {@code dir}, e.g. {@code sg00/op_counts.json}. */
    public Path fileIn(String name, Path dir) {
        List<String> files = of(name).files();
        if (files.size() != 1) {
            throw new IllegalArgumentException("artifact '" + name + "' is " + files.size() + " files, not one");
        }
        return dir.resolve(files.get(0));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ArtifactCatalog catalog && catalog.byName.equals(byName);
    }

    @Override
    public int hashCode() {
        return byName.hashCode();
    }

    @Override
    public String toString() {
        return "ArtifactCatalog" + byName.keySet();
    }
}

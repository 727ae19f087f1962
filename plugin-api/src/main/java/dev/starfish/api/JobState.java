package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state one compile's jobs work on: the model, the work and launch directories, the
 * input subgraphs and the artifacts produced so far. One instance per compile; jobs of
 * the same compile may update it from several threads, so updates are synchronized and
 * reads return immutable copies.
 */
public final class JobState {

    private final Path model;
    private final Path userModel;
    private final Path workDir;
    private final Path launchDir;
    private List<Subgraph> inputs = List.of();
    private final Map<String, Path> artifacts = new LinkedHashMap<>();
    private Set<String> planned = Set.of();
    private ArtifactCatalog catalog = ArtifactCatalog.standard();
    private final List<PlanStep> steps = new ArrayList<>();

    /** A compile that reads {@code model} itself (tests, tools that take no snapshot). */
    public JobState(Path model, Path workDir, Path launchDir) {
        this(model, model, workDir, launchDir);
    }

    /**
     * A compile of the user's {@code userModel} whose jobs read {@code model}, the private copy the
     * host took before it computed the cache key (so what is compiled is what was keyed).
     */
    public JobState(Path userModel, Path model, Path workDir, Path launchDir) {
        this.userModel = requireNonNull(userModel, "userModel is null").toAbsolutePath().normalize();
        this.model = requireNonNull(model, "model is null").toAbsolutePath().normalize();
        this.workDir = requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
        this.launchDir = requireNonNull(launchDir, "launchDir is null").toAbsolutePath().normalize();
        artifacts.put(Artifacts.MODEL, this.model);
    }

    /**
     * The model being compiled, absolute: the file to read (also the {@link Artifacts#MODEL}
     * artifact). The host's private snapshot of the user's model; never read {@link #userModel()}.
     */
    public Path model() {
        return model;
    }

    /**
     * The model as the user named it, absolute, for messages only (e.g. {@code m.hlo:3:5: …}):
     * the user may edit it while the compile runs, so jobs read {@link #model()}.
     */
    public Path userModel() {
        return userModel;
    }

    /** The compile's work directory, absolute; jobs write below it. */
    public Path workDir() {
        return workDir;
    }

    /** Where the user started the driver; user-given relative paths resolve against it (the seed's {@code getAbsPath}). */
    public Path launchDir() {
        return launchDir;
    }

    /** Resolves a path given by the user against the launch directory, never the current directory. */
    public Path userPath(String path) {
        return launchDir.resolve(path).normalize();
    }

    public synchronized List<Subgraph> inputs() {
        return inputs;
    }

    /** Replaces the input subgraphs (done by the front end once it has split the model). */
    public synchronized void setInputs(List<Subgraph> newInputs) {
        this.inputs = List.copyOf(newInputs);
    }

    /** The input of a once-per-compile step: the work directory, named {@value Subgraph#WHOLE_COMPILE}. */
    public Subgraph wholeCompile() {
        return new Subgraph(Subgraph.WHOLE_COMPILE, workDir);
    }

    /**
     * Where an artifact of the compile lives: the path the host recorded for it (the model, the
     * NEFF), else its one file in the work directory (e.g. {@code kgraph.json}).
     *
     * @throws IllegalArgumentException for a per-subgraph artifact (use {@link Subgraph#artifact}) or one not recorded
     */
    public synchronized Path artifact(String name) {
        Path recorded = artifacts.get(name);
        if (recorded != null) {
            return recorded;
        }
        Artifacts.Artifact artifact = catalog.of(name);
        if (artifact.scope() != Artifacts.Scope.WORK_DIR) {
            throw new IllegalArgumentException("artifact '" + name + "' is " + artifact.scope()
                    + (artifact.scope() == Artifacts.Scope.SUBGRAPH ? ": ask for it with artifactIn(subgraph, name)"
                            : " and not recorded"));
        }
        return catalog.fileIn(name, workDir);
    }

    /**
     * The one file of an artifact for {@code input}: in its directory for a per-subgraph artifact
     * (e.g. {@code sg00/op_counts.json}), in the work directory for a work-directory one; any
     * artifact of the {@link #artifactCatalog()}, a plugin's own as well as a standard one.
     */
    public Path artifactIn(Subgraph input, String name) {
        requireNonNull(input, "input is null");
        ArtifactCatalog known = artifactCatalog();
        Artifacts.Artifact artifact = known.of(name);
        return switch (artifact.scope()) {
            case SUBGRAPH -> known.fileIn(name, input.dir());
            case WORK_DIR, HOST_PATH -> artifact(name);
        };
    }

    /** Sets every artifact this compile knows, the standard ones and its plugins' (done by the host before any job runs). */
    public synchronized void setArtifactCatalog(ArtifactCatalog newCatalog) {
        this.catalog = requireNonNull(newCatalog, "newCatalog is null");
    }

    /** Every artifact this compile knows: where each lives, whether it is an intermediate, whether the NEFF packs it. */
    public synchronized ArtifactCatalog artifactCatalog() {
        return catalog;
    }

    /** Sets the artifacts this compile's plan produces or the host provides (done by the host before any job runs). */
    public synchronized void setPlannedArtifacts(Collection<String> names) {
        this.planned = Set.copyOf(names);
    }

    /** Whether this compile's plan produces (or the host provides) the artifact, e.g. whether a watchpoint BIR is made. */
    public synchronized boolean isPlanned(String artifact) {
        return planned.contains(artifact);
    }

    /** Records a step that ran (done by the host). */
    public synchronized void recordStep(PlanStep step) {
        steps.add(requireNonNull(step, "step is null"));
    }

    /** The steps that ran so far, in the order they finished. */
    public synchronized List<PlanStep> steps() {
        return List.copyOf(steps);
    }

    /** Records an artifact, e.g. {@code neff} → the output file; a later record of the same key replaces it. */
    public synchronized void putArtifact(String key, Path path) {
        artifacts.put(requireNonNull(key, "key is null"), requireNonNull(path, "path is null"));
    }

    public synchronized Map<String, Path> artifacts() {
        return Map.copyOf(artifacts);
    }
}

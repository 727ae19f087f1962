package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state one compile's jobs work on: the model, the work and launch directories, the
 * input subgraphs and the artifacts produced so far. One instance per compile; jobs of
 * the same compile may update it from several threads, so updates are synchronized and
 * reads return immutable copies.
 */
public final class JobState {

    private final Path model;
    private final Path workDir;
    private final Path launchDir;
    private List<Subgraph> inputs = List.of();
    private final Map<String, Path> artifacts = new LinkedHashMap<>();

    public JobState(Path model, Path workDir, Path launchDir) {
        this.model = requireNonNull(model, "model is null").toAbsolutePath().normalize();
        this.workDir = requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
        this.launchDir = requireNonNull(launchDir, "launchDir is null").toAbsolutePath().normalize();
    }

    /** The model being compiled, absolute. */
    public Path model() {
        return model;
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

    /** Records an artifact, e.g. {@code neff} → the output file; a later record of the same key replaces it. */
    public synchronized void putArtifact(String key, Path path) {
        artifacts.put(requireNonNull(key, "key is null"), requireNonNull(path, "path is null"));
    }

    public synchronized Map<String, Path> artifacts() {
        return Map.copyOf(artifacts);
    }
}

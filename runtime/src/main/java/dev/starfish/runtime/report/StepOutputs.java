package dev.starfish.runtime.report;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobState;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The files a step's declared artifacts are written to, from the artifact table (nothing is listed on disk). */
public final class StepOutputs {

    private StepOutputs() {
    }

    /**
     * @param produces the artifacts the step's job declares
     * @param input the step's subgraph, or empty for a step over the whole compile (all subgraphs)
     */
    public static List<Path> of(List<String> produces, Optional<Subgraph> input, JobState state) {
        List<Path> files = new ArrayList<>();
        for (String name : produces) {
            Optional<Artifacts.Artifact> artifact = state.artifactCatalog().find(name);
            if (artifact.isEmpty()) {
                continue;
            }
            switch (artifact.get().scope()) {
                case SUBGRAPH -> {
                    List<Subgraph> dirs = input.filter(i -> !i.isWholeCompile()).map(List::of).orElse(state.inputs());
                    dirs.forEach(sg -> files.addAll(artifact.get().filesIn(sg.dir())));
                }
                case WORK_DIR -> files.addAll(artifact.get().filesIn(state.workDir()));
                case HOST_PATH -> Optional.ofNullable(state.artifacts().get(name)).ifPresent(files::add);
                default -> throw new IllegalStateException("unknown scope " + artifact.get().scope());
            }
        }
        return files;
    }
}

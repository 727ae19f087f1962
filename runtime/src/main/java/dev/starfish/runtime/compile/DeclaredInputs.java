package dev.starfish.runtime.compile;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a job's tool steps may read of a compile besides their own directory (issue 27 item 2,
 * docs/isolation.md): the files of the work-directory artifacts the job consumes (e.g.
 * {@code tensor_map.json}) and the recorded path of each host artifact it consumes (the model's
 * snapshot). A per-subgraph artifact it consumes is in the step's own directory already (or, for a
 * once-per-compile job, below the work directory that is its step directory), so adds nothing.
 * What the job does not declare, a sandboxed step does not see: another subgraph's directory, the
 * model when the job does not consume it, the compile record.
 */
final class DeclaredInputs {

    private DeclaredInputs() {
    }

    static List<Path> of(JobDeclaration declaration, JobState state) {
        List<Path> inputs = new ArrayList<>();
        for (String name : declaration.consumes()) {
            Optional<Artifacts.Artifact> artifact = state.artifactCatalog().find(name);
            if (artifact.isEmpty()) {
                continue; // the plan refused a name no plugin declares before any job ran
            }
            switch (artifact.get().scope()) {
                case WORK_DIR -> inputs.addAll(artifact.get().filesIn(state.workDir()));
                case HOST_PATH -> Optional.ofNullable(state.artifacts().get(name)).ifPresent(inputs::add);
                case SUBGRAPH -> {
                    // in the step's own directory
                }
            }
        }
        return List.copyOf(inputs);
    }
}

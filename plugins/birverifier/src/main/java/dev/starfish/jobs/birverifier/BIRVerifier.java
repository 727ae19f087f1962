package dev.starfish.jobs.birverifier;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.NativeJob;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.List;
import org.pf4j.Extension;

/**
 * Verifies each subgraph's BIR: {@code walrus_driver --pass birverifier model.bir}, run in
 * the subgraph's directory. The tool exits 1 on an invalid BIR, which fails the compile.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = BIRVerifier.TOOL, perSubgraph = true, consumes = Artifacts.BIR)
public final class BIRVerifier extends NativeJob {

    static final String TOOL = "walrus_driver";

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        return argv(executable);
    }

    /** The tool's argv; paths are relative to the subgraph directory the tool runs in. */
    static List<String> argv(Path executable) {
        return List.of(executable.toString(), "--pass", "birverifier", Artifacts.fileName(Artifacts.BIR));
    }
}

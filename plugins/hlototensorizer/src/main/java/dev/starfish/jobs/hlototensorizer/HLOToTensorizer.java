package dev.starfish.jobs.hlototensorizer;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.Command;
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
 * Lowers each subgraph from HLO to the penguin tensorizer IR:
 * {@code hlo2penguin model.hlo -o model.penguin}, run in the subgraph's directory.
 *
 * <p>As in the seed, the tool's stderr is merged into its stdout ({@code exposeStderr}),
 * so its diagnostics appear in the log in order with its output.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = HLOToTensorizer.TOOL, perSubgraph = true,
        consumes = Artifacts.SUBGRAPHS, produces = Artifacts.PENGUIN)
@ArtifactSpec(name = Artifacts.PENGUIN, scope = Artifacts.Scope.SUBGRAPH, files = "model.penguin")
public final class HLOToTensorizer extends NativeJob {

    static final String TOOL = "hlo2penguin";

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        return argv(executable);
    }

    @Override
    protected void configure(Command.Builder command, JobOptions options) {
        command.exposeStderr(true);
    }

    /** The tool's argv; paths are relative to the subgraph directory the tool runs in. */
    static List<String> argv(Path executable) {
        return List.of(executable.toString(), Artifacts.fileName(Artifacts.SUBGRAPHS), "-o",
                Artifacts.fileName(Artifacts.PENGUIN));
    }
}

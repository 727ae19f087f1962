package com.example.starfish;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.NativeJob;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.List;
import org.pf4j.Extension;

/**
 * A native job: runs its tool {@code example_stamp} once per subgraph, in the subgraph's
 * directory. The tool ships inside this jar as {@code native/linux-x86_64/bin/example_stamp};
 * the host resolves it {@code starfish/bin/private} first, then this plugin's own tools, then
 * {@code starfish/bin}, and starts it only through its launcher (logged, replayable). The job
 * only says what to run: {@code NativeJob} resolves the tool, builds the command and runs it.
 * It consumes the subgraphs Frontend splits the model into, so the host refuses a pipeline
 * that does not make them first.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = "example_stamp", perSubgraph = true, consumes = Artifacts.SUBGRAPHS)
public final class ExampleStamp extends NativeJob {

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        return argv(executable, input);
    }

    /** The tool's argv; it runs in the subgraph's directory. */
    static List<String> argv(Path tool, Subgraph input) {
        return List.of(tool.toString(), input.name());
    }
}

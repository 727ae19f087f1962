package com.example.starfish;

import dev.starfish.api.JobContext;
import dev.starfish.api.JobKind;
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
 * {@code starfish/bin}, and starts it only through its launcher (logged, replayable).
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = "example_stamp")
public final class ExampleStamp extends NativeJob {

    @Override
    protected void runSingleInput(Subgraph input, JobState state, JobContext context) {
        Path tool = context.launcher().resolve(tool());
        context.launcher().run(commandFor(input, state, argv(tool, input)).build());
    }

    /** The tool's argv; it runs in the subgraph's directory. */
    static List<String> argv(Path tool, Subgraph input) {
        return List.of(tool.toString(), input.name());
    }
}

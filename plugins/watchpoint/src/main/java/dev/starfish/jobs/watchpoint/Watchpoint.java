package dev.starfish.jobs.watchpoint;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.NativeJob;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pf4j.Extension;

/**
 * Debug job: inserts watchpoints on named tensors into each subgraph's BIR:
 * {@code watchpoint_insert --bir model.bir --tensor NAME [--tensor NAME...] -o model.wp.bir},
 * run in the subgraph's directory. {@code Backend} then executes {@code model.wp.bir} and
 * dumps the watched tensors.
 *
 * <p>{@code watchpoint_insert} is not shipped in {@code starfish/bin}; the job fails with
 * {@code Could not find watchpoint_insert} unless a build drops it into {@code private/}.
 * The job runs only on request: it is declared {@code enabledBy = "--watchpoint"}.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = Watchpoint.TOOL, perSubgraph = true, consumes = Artifacts.BIR,
        produces = Artifacts.WATCHPOINT_BIR, enabledBy = Watchpoint.WATCHPOINT)
@JobOptionSpec(name = Watchpoint.WATCHPOINT, type = JobOption.Type.LIST, paramLabel = "TENSOR",
        description = "Watch this tensor when the Backend job executes the BIR (repeatable); requests the Watchpoint job.")
@ArtifactSpec(name = Artifacts.WATCHPOINT_BIR, scope = Artifacts.Scope.SUBGRAPH, files = "model.wp.bir")
public final class Watchpoint extends NativeJob {

    static final String TOOL = "watchpoint_insert";
    static final String WATCHPOINT = "--watchpoint";

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        List<String> tensors = tensors(options.list(WATCHPOINT));
        if (tensors.isEmpty()) {
            throw new InvalidInputException("job Watchpoint needs at least one tensor to watch: give " + WATCHPOINT
                    + " TENSOR, or leave Watchpoint out of --pipeline");
        }
        return argv(executable, tensors);
    }

    /** The tool's argv; paths are relative to the subgraph directory the tool runs in. */
    static List<String> argv(Path executable, List<String> tensors) {
        List<String> argv = new ArrayList<>(List.of(executable.toString(), "--bir", Artifacts.fileName(Artifacts.BIR)));
        for (String tensor : tensors) {
            argv.add("--tensor");
            argv.add(tensor);
        }
        argv.add("-o");
        argv.add(Artifacts.fileName(Artifacts.WATCHPOINT_BIR));
        return argv;
    }

    /** The tensor names, each one non-blank; values may also be comma-separated lists. */
    static List<String> tensors(List<String> values) {
        List<String> tensors = new ArrayList<>();
        for (String value : values) {
            for (String tensor : value.split(",", -1)) {
                if (tensor.isBlank()) {
                    throw new InvalidInputException("option " + WATCHPOINT + " expects tensor names, found '" + value + "'");
                }
                tensors.add(tensor.strip());
            }
        }
        return List.copyOf(tensors);
    }
}

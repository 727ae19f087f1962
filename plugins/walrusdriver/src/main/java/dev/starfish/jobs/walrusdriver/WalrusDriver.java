package dev.starfish.jobs.walrusdriver;

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
import java.util.OptionalLong;
import org.pf4j.Extension;

/**
 * Compiles each subgraph from penguin IR to BIR:
 * {@code walrus_driver model.penguin -o model.bir [--buffer-bytes BYTES]}, run in the
 * subgraph's directory.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = WalrusDriver.TOOL, perSubgraph = true,
        consumes = Artifacts.PENGUIN, produces = Artifacts.BIR)
@JobOptionSpec(name = WalrusDriver.BUFFER_BYTES, type = JobOption.Type.INTEGER, paramLabel = "BYTES",
        description = "On-chip buffer size walrus_driver allocates tensors in (default: the tool's own).")
@ArtifactSpec(name = Artifacts.BIR, scope = Artifacts.Scope.SUBGRAPH, files = "model.bir", packed = true)
public final class WalrusDriver extends NativeJob {

    static final String TOOL = "walrus_driver";
    static final String BUFFER_BYTES = "--buffer-bytes";

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        return argv(executable, bufferBytes(options));
    }

    /** The tool's argv; paths are relative to the subgraph directory the tool runs in. */
    static List<String> argv(Path executable, OptionalLong bufferBytes) {
        List<String> argv = new ArrayList<>(List.of(executable.toString(), Artifacts.fileName(Artifacts.PENGUIN), "-o",
                Artifacts.fileName(Artifacts.BIR)));
        bufferBytes.ifPresent(bytes -> {
            argv.add(BUFFER_BYTES);
            argv.add(Long.toString(bytes));
        });
        return argv;
    }

    /** The {@code --buffer-bytes} value if given; it must be a positive integer. */
    static OptionalLong bufferBytes(JobOptions options) {
        if (options.string(BUFFER_BYTES, null) == null) {
            return OptionalLong.empty();
        }
        long bytes = options.integer(BUFFER_BYTES, 0);
        if (bytes <= 0) {
            throw new InvalidInputException("option " + BUFFER_BYTES + " expects a positive number of bytes, found " + bytes);
        }
        return OptionalLong.of(bytes);
    }
}

package dev.starfish.jobs.xlainfergoldens;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.NativeJob;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.List;
import org.pf4j.Extension;

/**
 * Computes each subgraph's golden inputs and outputs:
 * {@code xla_infergoldens model.hlo --seed SEED --out-dir goldens}, run in the subgraph's
 * directory; writes {@code goldens/inputs.bin} and {@code goldens/outputs.bin}.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = XLAInferGoldens.TOOL, perSubgraph = true,
        consumes = Artifacts.SUBGRAPHS, produces = Artifacts.GOLDENS)
@JobOptionSpec(name = XLAInferGoldens.GOLDEN_SEED, type = JobOption.Type.INTEGER, paramLabel = "SEED",
        description = "Seed of the random golden inputs.", defaultValue = "" + XLAInferGoldens.DEFAULT_SEED)
@ArtifactSpec(name = Artifacts.GOLDENS, scope = Artifacts.Scope.SUBGRAPH,
        files = {"goldens/inputs.bin", "goldens/outputs.bin"}, packed = true)
public final class XLAInferGoldens extends NativeJob {

    static final String TOOL = "xla_infergoldens";
    static final String GOLDEN_SEED = "--golden-seed";
    static final long DEFAULT_SEED = 42;

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        return argv(executable, options.integer(GOLDEN_SEED, DEFAULT_SEED));
    }

    /** The tool's argv; paths are relative to the subgraph directory the tool runs in. */
    static List<String> argv(Path executable, long seed) {
        return List.of(executable.toString(), Artifacts.fileName(Artifacts.SUBGRAPHS), "--seed", Long.toString(seed),
                "--out-dir", "goldens");
    }
}

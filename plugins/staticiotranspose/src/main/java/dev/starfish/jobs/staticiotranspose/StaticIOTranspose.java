package dev.starfish.jobs.staticiotranspose;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InProcessJob;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobException;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.pf4j.Extension;

/**
 * Writes {@code <workdir>/io_transposes.json}, the static layout of every subgraph's
 * parameters and outputs (see {@link IoTransposes}), from the shapes in
 * {@code tensor_map.json}. In-process, as in the seed (which uses Python's json).
 */
@Extension
@JobSpec(kind = JobKind.IN_PROCESS, consumes = Artifacts.TENSOR_MAP, produces = Artifacts.IO_TRANSPOSES,
        action = "derive io_transposes.json from the shapes in tensor_map.json")
@ArtifactSpec(name = Artifacts.IO_TRANSPOSES, scope = Artifacts.Scope.WORK_DIR, files = "io_transposes.json")
public final class StaticIOTranspose extends InProcessJob {

    @Override
    protected void runOnState(JobState state, JobContext context) {
        Path tensorMap = state.artifact(Artifacts.TENSOR_MAP);
        Path output = state.artifact(Artifacts.IO_TRANSPOSES);
        write(tensorMap, output);
        context.log().info("wrote {}", output);
    }

    /** Reads {@code tensorMap} and writes the layouts to {@code output}. */
    static void write(Path tensorMap, Path output) {
        String json;
        try {
            json = Files.readString(tensorMap);
        } catch (NoSuchFileException e) {
            throw new JobException("StaticIOTranspose expected " + tensorMap
                    + " but found none; Frontend must run before StaticIOTranspose");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + tensorMap, e);
        }
        try {
            Files.writeString(output, new IoTransposes().fromTensorMap(json));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + output, e);
        }
    }
}

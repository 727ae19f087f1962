package dev.starfish.jobs.kelper;

import com.fasterxml.jackson.databind.cfg.PackageVersion;
import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InProcessJob;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobException;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.Subgraph;
import dev.starfish.penguin.Penguin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.pf4j.Extension;

/**
 * Links the compile's subgraphs into the kernel graph {@code <workdir>/kgraph.json} (see
 * {@link KernelGraph}): reads every subgraph's {@code model.bir}, hashes it with this
 * plugin's own penguin library (version 2) and records it with the inputs and outputs of
 * {@code tensor_map.json}, using the Jackson it bundles (2.17).
 */
@Extension
@JobSpec(kind = JobKind.IN_PROCESS, consumes = {Artifacts.BIR, Artifacts.TENSOR_MAP},
        produces = Artifacts.KERNEL_GRAPH, action = "hash each sgNN/model.bir and link them into kgraph.json")
@ArtifactSpec(name = Artifacts.KERNEL_GRAPH, scope = Artifacts.Scope.WORK_DIR, files = "kgraph.json")
public final class Kelper extends InProcessJob {

    @Override
    protected void runOnState(JobState state, JobContext context) {
        loadPenguin();
        // this plugin's own penguin (v2) and Jackson (2.17), whatever the other plugins bundle
        KernelGraph graph = new KernelGraph(readIfPresent(state.artifact(Artifacts.TENSOR_MAP)),
                Penguin.version(), PackageVersion.VERSION.toString());
        context.log().info("penguin version {}, jackson version {}", Penguin.version(), PackageVersion.VERSION);
        for (Subgraph input : state.inputs()) {
            String sha256 = Penguin.sha256(readBir(input));
            graph.addSubgraph(input.name(), birPath(state.workDir(), input), sha256);
        }
        Path kgraph = state.artifact(Artifacts.KERNEL_GRAPH);
        try {
            Files.writeString(kgraph, graph.toJson());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + kgraph, e);
        }
        context.log().info("linked {} subgraph(s) into {}", state.inputs().size(), kgraph);
    }

    /** The BIR's path as recorded in the graph: relative to the work directory when inside it. */
    static String birPath(Path workDir, Subgraph input) {
        Path bir = input.artifact(Artifacts.BIR);
        return bir.startsWith(workDir) ? workDir.relativize(bir).toString() : bir.toString();
    }

    private static byte[] readBir(Subgraph input) {
        Path bir = input.artifact(Artifacts.BIR);
        try {
            return Files.readAllBytes(bir);
        } catch (NoSuchFileException e) {
            throw new JobException("Kelper expected the BIR of " + input.name() + " at " + bir
                    + " but found none; WalrusDriver must run before Kelper");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + bir, e);
        }
    }

    private static String readIfPresent(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void loadPenguin() {
        try {
            Penguin.ensureLoaded();
        } catch (IllegalStateException | UnsatisfiedLinkError e) {
            throw new JobException("Kelper cannot load its penguin library: " + e.getMessage(), e);
        }
    }
}

package dev.starfish.jobs.neffwrapper;

import dev.starfish.api.Artifacts;
import dev.starfish.api.Command;
import dev.starfish.api.JobKind;
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
 * Packs a compile into its NEFF, once per compile, in the work directory:
 * <pre>
 * hlo-neff-wrapper -o OUT.neff --kgraph kgraph.json compile.json sg00/model.bir sg00/goldens/inputs.bin ... sg01/model.bir ...
 * </pre>
 * {@code OUT.neff} is where the host records the {@link Artifacts#NEFF} artifact. The packed
 * files are the compile record ({@link Artifacts#COMPILE_RECORD}: the model's SHA-256 and the
 * compile's options), then per subgraph in order the files of each artifact the compile makes
 * that its catalog marks packed ({@link Artifacts#BIR}, {@link Artifacts#GOLDENS}, then those
 * plugins declare with {@code packed = true}), then the packed work-directory artifacts. As in
 * the seed, stderr is merged into stdout.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = NeffWrapper.TOOL,
        consumes = {Artifacts.BIR, Artifacts.GOLDENS, Artifacts.KERNEL_GRAPH, Artifacts.COMPILE_RECORD},
        produces = Artifacts.NEFF)
public final class NeffWrapper extends NativeJob {

    static final String TOOL = "hlo-neff-wrapper";

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        List<String> files = new ArrayList<>();
        files.add(relative(state.workDir(), state.artifact(Artifacts.COMPILE_RECORD)));
        files.addAll(packedFiles(state.workDir(), state.inputs(), packed(state)));
        return argv(executable, state.artifact(Artifacts.NEFF), files);
    }

    @Override
    protected void configure(Command.Builder command, JobOptions options) {
        command.exposeStderr(true);
    }

    /** The tool's argv; {@code files} are relative to the work directory the tool runs in. */
    static List<String> argv(Path executable, Path output, List<String> files) {
        List<String> argv = new ArrayList<>(List.of(executable.toString(), "-o", output.toString(),
                "--kgraph", Artifacts.fileName(Artifacts.KERNEL_GRAPH)));
        argv.addAll(files);
        return argv;
    }

    /** The artifacts this compile makes that its catalog marks packed, in catalog order (BIR, goldens, then plugins'). */
    static List<Artifacts.Artifact> packed(JobState state) {
        return state.artifactCatalog().all().stream().filter(a -> a.packed() && state.isPlanned(a.name())).toList();
    }

    /**
     * Per subgraph, the files of each per-subgraph {@code packed} artifact (the BIR, then the
     * goldens, then plugins' own); then those of each work-directory one; relative to {@code workDir}.
     */
    static List<String> packedFiles(Path workDir, List<Subgraph> inputs, List<Artifacts.Artifact> packed) {
        List<String> files = new ArrayList<>();
        for (Subgraph input : inputs) {
            packed.stream().filter(a -> a.scope() == Artifacts.Scope.SUBGRAPH)
                    .forEach(a -> a.filesIn(input.dir()).forEach(file -> files.add(relative(workDir, file))));
        }
        packed.stream().filter(a -> a.scope() == Artifacts.Scope.WORK_DIR)
                .forEach(a -> a.filesIn(workDir).forEach(file -> files.add(relative(workDir, file))));
        return files;
    }

    private static String relative(Path workDir, Path file) {
        return file.startsWith(workDir) ? workDir.relativize(file).toString() : file.toString();
    }
}

package dev.starfish.jobs.neffwrapper;

import dev.starfish.api.Command;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.NativeJob;
import dev.starfish.api.Subgraph;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.pf4j.Extension;

/**
 * Packs a compile into its NEFF, once per compile, in the work directory:
 * <pre>
 * hlo-neff-wrapper -o OUT.neff --kgraph kgraph.json sg00/model.bir sg00/goldens/inputs.bin ... sg01/model.bir ...
 * </pre>
 * {@code OUT.neff} is the {@code neff} artifact the host recorded in the state, else
 * {@code <workdir>/model.neff} (then recorded as the {@code neff} artifact). The packed
 * files are, per subgraph in order, {@code model.bir} and the {@code goldens/*.bin} that
 * exist, in name order. As in the seed, stderr is merged into stdout.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = NeffWrapper.TOOL)
public final class NeffWrapper extends NativeJob {

    static final String TOOL = "hlo-neff-wrapper";
    static final String NEFF_ARTIFACT = "neff";
    static final String DEFAULT_OUTPUT = "model.neff";

    @Override
    protected void runOnState(JobState state, JobContext context) {
        Path output = state.artifacts().get(NEFF_ARTIFACT);
        if (output == null) {
            output = state.workDir().resolve(DEFAULT_OUTPUT);
            state.putArtifact(NEFF_ARTIFACT, output);
        }
        Path executable = context.launcher().resolve(tool());
        List<String> argv = argv(executable, output, packedFiles(state.workDir(), state.inputs()));
        Command command = Command.builder(name(), state.workDir(), argv).exposeStderr(true).build();
        context.launcher().run(command);
    }

    /** The tool's argv; {@code files} are relative to the work directory the tool runs in. */
    static List<String> argv(Path executable, Path output, List<String> files) {
        List<String> argv = new ArrayList<>(List.of(executable.toString(), "-o", output.toString(),
                "--kgraph", "kgraph.json"));
        argv.addAll(files);
        return argv;
    }

    /** Per subgraph: its {@code model.bir}, then the {@code goldens/*.bin} present, by name; relative to {@code workDir}. */
    static List<String> packedFiles(Path workDir, List<Subgraph> inputs) {
        List<String> files = new ArrayList<>();
        for (Subgraph input : inputs) {
            files.add(relative(workDir, input.file("model.bir")));
            Path goldens = input.file("goldens");
            if (Files.isDirectory(goldens)) {
                try (Stream<Path> entries = Files.list(goldens)) {
                    entries.filter(p -> p.getFileName().toString().endsWith(".bin") && Files.isRegularFile(p))
                            .sorted()
                            .forEach(p -> files.add(relative(workDir, p)));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list goldens of " + input.name() + " in " + goldens, e);
                }
            }
        }
        return files;
    }

    private static String relative(Path workDir, Path file) {
        return file.startsWith(workDir) ? workDir.relativize(file).toString() : file.toString();
    }
}

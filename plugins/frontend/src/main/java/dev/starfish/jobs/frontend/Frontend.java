package dev.starfish.jobs.frontend;

import com.fasterxml.jackson.databind.cfg.PackageVersion;
import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InProcessJob;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobException;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.Subgraph;
import dev.starfish.penguin.Penguin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pf4j.Extension;

/**
 * The in-process front end: checks the HLO model with penguin (this plugin's own build of
 * {@code libpenguin.so}, version 1), splits it into subgraphs {@code sg00/}, {@code sg01/}, …
 * each holding a standalone {@code model.hlo}, makes them the compile's inputs, and writes
 * {@code tensor_map.json} (see {@link TensorMap}) with the Jackson it bundles.
 *
 * <p>An invalid model fails with {@code <model>:<line>:<col>: <message>} (exit 2).
 */
@Extension
@JobSpec(kind = JobKind.IN_PROCESS, consumes = Artifacts.MODEL,
        produces = {Artifacts.SUBGRAPHS, Artifacts.TENSOR_MAP},
        action = "check the model with penguin and split it into sgNN/model.hlo; write tensor_map.json")
@ArtifactSpec(name = Artifacts.SUBGRAPHS, scope = Artifacts.Scope.SUBGRAPH, files = "model.hlo")
@ArtifactSpec(name = Artifacts.TENSOR_MAP, scope = Artifacts.Scope.WORK_DIR, files = "tensor_map.json")
public final class Frontend extends InProcessJob {

    @Override
    protected void runOnState(JobState state, JobContext context) {
        loadPenguin();
        int penguinVersion = Penguin.version();
        String jacksonVersion = PackageVersion.VERSION.toString();
        context.log().info("penguin version {}", penguinVersion);
        context.log().info("jackson version {}", jacksonVersion);

        // read the host's snapshot; name the user's file in every message
        String hlo = readModel(state.artifact(Artifacts.MODEL), state.userModel());
        Path model = state.userModel();
        String error = Penguin.check(hlo, model.toString());
        if (error != null) {
            throw new InvalidInputException(error);
        }
        String[] parts;
        try {
            parts = Penguin.partition(hlo, model.toString());
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(e.getMessage(), e);
        }
        if (parts == null || parts.length == 0) {
            throw new JobException("penguin split " + model + " into no subgraph");
        }

        List<Subgraph> inputs = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String name = subgraphName(i);
            inputs.add(new Subgraph(name, state.workDir().resolve(name)));
        }
        createDirectories(inputs);
        state.setInputs(inputs);
        context.log().info("split {} into {} subgraph(s)", model.getFileName(), inputs.size());

        TensorMap tensorMap = new TensorMap(penguinVersion, jacksonVersion);
        for (int i = 0; i < parts.length; i++) {
            Subgraph input = inputs.get(i);
            String hloPath = state.workDir().relativize(input.artifact(Artifacts.SUBGRAPHS)).toString();
            write(input.artifact(Artifacts.SUBGRAPHS), parts[i]);
            tensorMap.addSubgraph(input.name(), hloPath, Penguin.signature(parts[i], hloPath));
        }
        write(state.artifact(Artifacts.TENSOR_MAP), tensorMap.toJson());
    }

    /** {@code sg00}, {@code sg01}, … */
    static String subgraphName(int index) {
        return String.format("sg%02d", index);
    }

    private static void loadPenguin() {
        try {
            Penguin.ensureLoaded();
        } catch (IllegalStateException | UnsatisfiedLinkError e) {
            throw new JobException("Frontend cannot load its penguin library: " + e.getMessage(), e);
        }
    }

    private static String readModel(Path source, Path model) {
        try {
            byte[] bytes = Files.readAllBytes(source);
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (NoSuchFileException e) {
            throw new InvalidInputException("Could not read model " + model + ": no such file");
        } catch (CharacterCodingException e) {
            throw new InvalidInputException("Could not read model " + model + ": not UTF-8 text");
        } catch (IOException e) {
            throw new InvalidInputException("Could not read model " + model + ": " + e.getMessage(), e);
        }
    }

    private static void createDirectories(List<Subgraph> inputs) {
        for (Subgraph input : inputs) {
            try {
                Files.createDirectories(input.dir());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create subgraph directory " + input.dir(), e);
            }
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}

package dev.starfish.jobs.savetemps;

import dev.starfish.api.InProcessJob;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.Subgraph;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.pf4j.Extension;

/**
 * The last job of a compile: removes its intermediate files unless {@code --keep-temps}
 * is given.
 *
 * <p>Always removed: each subgraph's {@code model.penguin}. Removed only once the NEFF
 * (the {@code neff} artifact) exists, since it packs the BIRs, goldens and kernel graph: each subgraph's {@code model.hlo}, {@code model.bir},
 * {@code model.wp.bir} and {@code goldens/*.bin} (and {@code goldens/} when then empty),
 * and the work directory's {@code kgraph.json}, {@code tensor_map.json} and
 * {@code io_transposes.json}. Never removed: the {@code .neff}, the replay scripts, the
 * log, the Backend's reports and anything else. Nothing happens in a dry run.
 */
@Extension
@JobSpec(kind = JobKind.IN_PROCESS)
@JobOptionSpec(name = SaveTemps.KEEP_TEMPS, type = JobOption.Type.FLAG,
        description = "Keep the intermediate files of the compile (subgraph IRs, goldens, JSON maps) in the work directory.")
public final class SaveTemps extends InProcessJob {

    static final String KEEP_TEMPS = "--keep-temps";

    static final List<String> SUBGRAPH_INTERMEDIATES = List.of("model.penguin");
    static final List<String> SUBGRAPH_PACKED = List.of("model.hlo", "model.bir", "model.wp.bir");
    static final List<String> WORKDIR_PACKED = List.of("kgraph.json", "tensor_map.json", "io_transposes.json");

    @Override
    protected void runOnState(JobState state, JobContext context) {
        if (context.dryRun()) {
            return;
        }
        if (context.options().flag(KEEP_TEMPS)) {
            context.log().info("keeping intermediate files in {}", state.workDir());
            return;
        }
        boolean neffWritten = neffWritten(state.artifacts());
        List<Path> removed = removeIntermediates(state.workDir(), state.inputs(), neffWritten);
        context.log().info("removed {} intermediate file(s) from {} (use {} to keep them)", removed.size(),
                state.workDir(), KEEP_TEMPS);
        if (!neffWritten) {
            context.log().info("no NEFF was written; kept the BIRs, goldens and JSON maps in {}", state.workDir());
        }
    }

    /** Removes the intermediates; returns the files removed. */
    static List<Path> removeIntermediates(Path workDir, List<Subgraph> inputs, boolean neffWritten) {
        List<Path> removed = new ArrayList<>();
        for (Subgraph input : inputs) {
            SUBGRAPH_INTERMEDIATES.forEach(name -> delete(input.file(name), removed));
            if (neffWritten) {
                SUBGRAPH_PACKED.forEach(name -> delete(input.file(name), removed));
                deleteGoldens(input.file("goldens"), removed);
            }
        }
        if (neffWritten) {
            WORKDIR_PACKED.forEach(name -> delete(workDir.resolve(name), removed));
        }
        return removed;
    }

    private static boolean neffWritten(Map<String, Path> artifacts) {
        Path neff = artifacts.get("neff");
        return neff != null && Files.isRegularFile(neff);
    }

    private static void deleteGoldens(Path goldens, List<Path> removed) {
        if (!Files.isDirectory(goldens)) {
            return;
        }
        try (Stream<Path> entries = Files.list(goldens)) {
            entries.filter(p -> p.getFileName().toString().endsWith(".bin")).sorted().forEach(p -> delete(p, removed));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + goldens, e);
        }
        try {
            Files.deleteIfExists(goldens);
        } catch (DirectoryNotEmptyException e) {
            // something else lives there: keep it
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + goldens, e);
        }
    }

    private static void delete(Path file, List<Path> removed) {
        try {
            if (Files.isRegularFile(file) && Files.deleteIfExists(file)) {
                removed.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file, e);
        }
    }
}

package dev.starfish.jobs.savetemps;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.Artifacts;
import dev.starfish.api.InProcessJob;
import dev.starfish.api.JobContext;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.PlanStep;
import dev.starfish.api.Subgraph;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pf4j.Extension;

/**
 * The last job of a compile: removes its intermediate files unless {@code --keep-temps} is
 * given, and only once the NEFF (the {@link Artifacts#NEFF} artifact) exists, since it packs
 * the BIRs, goldens and kernel graph.
 *
 * <p>What is removed comes from the declarations, not from a list of file names: every
 * artifact that a step of this compile produced and that {@link Artifacts} marks
 * intermediate (see {@link Intermediates}). Then the replay scripts of the steps whose inputs
 * were removed go too, since they could no longer run. Never removed: the NEFF, the compile
 * record, the Backend's reports, the log, the other replay scripts and anything else.
 */
@Extension
@JobSpec(kind = JobKind.IN_PROCESS,
        action = "remove the intermediates and their replay scripts once the NEFF is written (--keep-temps keeps them)")
@JobOptionSpec(name = SaveTemps.KEEP_TEMPS, type = JobOption.Type.FLAG,
        description = "Keep the intermediate files of the compile (subgraph IRs, goldens, JSON maps) in the work directory.")
public final class SaveTemps extends InProcessJob {

    static final String KEEP_TEMPS = "--keep-temps";

    @Override
    protected void runOnState(JobState state, JobContext context) {
        if (context.options().flag(KEEP_TEMPS)) {
            context.log().info("keeping intermediate files in {}", state.workDir());
            return;
        }
        Path neff = state.artifacts().get(Artifacts.NEFF);
        if (neff == null || !Files.isRegularFile(neff)) {
            context.log().info("no NEFF was written; kept the intermediate files in {}", state.workDir());
            return;
        }
        Intermediates.Removal removal = Intermediates.remove(state.workDir(), state.inputs(), state.steps(),
                state.artifactCatalog());
        context.log().info("removed {} intermediate file(s) from {} (use {} to keep them)", removal.files().size(),
                state.workDir(), KEEP_TEMPS);
        if (!removal.replayScripts().isEmpty()) {
            context.log().info("removed {} replay scripts whose inputs are gone; use {} to keep both",
                    removal.replayScripts().size(), KEEP_TEMPS);
        }
    }

    /** Removes the intermediates of {@code steps} (used by tests with hand-made steps). */
    static Intermediates.Removal removeIntermediates(Path workDir, List<Subgraph> inputs, List<PlanStep> steps,
            ArtifactCatalog catalog) {
        return Intermediates.remove(workDir, inputs, steps, catalog);
    }
}

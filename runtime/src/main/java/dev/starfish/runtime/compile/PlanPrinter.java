package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobState;
import dev.starfish.api.PlanStep;
import dev.starfish.runtime.plan.Plan;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.PrintWriter;

/**
 * Prints a compile's plan for {@code -###}, one line per step, and touches nothing: native
 * steps as their replayable shell lines, in-process steps as {@code #} comments. Per-subgraph
 * steps are printed once, for the template subgraph {@value Plan#TEMPLATE_SUBGRAPH}: the
 * subgraphs exist only once the model is split, and a dry run splits nothing.
 */
final class PlanPrinter {

    private final JobSteps steps;
    private final PrintWriter out;

    PlanPrinter(JobSteps steps, PrintWriter out) {
        this.steps = requireNonNull(steps, "steps is null");
        this.out = requireNonNull(out, "out is null");
    }

    void print(Plan plan, CompileRequest request) {
        JobState template = new JobState(request.model(), request.workDir(), request.launchDir());
        template.setInputs(Plan.templateInputs(request.workDir()));
        template.putArtifact(Artifacts.MODEL, request.model());
        template.putArtifact(Artifacts.NEFF, request.output());
        template.setPlannedArtifacts(plan.artifacts());
        out.println("# plan of " + request.model().getFileName() + ": " + String.join(",", plan.jobNames()) + "; "
                + Plan.TEMPLATE_SUBGRAPH + " stands for each subgraph the model is split into");
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            for (RegisteredJob job : plan.jobs()) {
                for (PlanStep step : steps.plan(job, template, runner)) {
                    out.println(step.toPlanLine());
                }
            }
        }
        out.flush();
    }
}

package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Artifacts;
import dev.starfish.runtime.cache.ModelSnapshot;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobState;
import dev.starfish.api.PlanStep;
import dev.starfish.runtime.plan.Plan;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints a compile's plan for {@code -###}, one line per step, and touches nothing: native
 * steps as their replayable shell lines, in-process steps as {@code #} comments. Per-subgraph
 * steps are printed once, for the template subgraph {@value Plan#TEMPLATE_SUBGRAPH}: the
 * subgraphs exist only once the model is split, and a dry run splits nothing. A compile
 * builds the same template before its first job runs and writes it to its log.
 */
final class PlanPrinter {

    private final JobSteps steps;
    private final PrintWriter out;

    PlanPrinter(JobSteps steps, PrintWriter out) {
        this.steps = requireNonNull(steps, "steps is null");
        this.out = requireNonNull(out, "out is null");
    }

    /** Prints the header and one line per step of the template. */
    void print(Plan plan, CompileRequest request) {
        out.println(header(plan, request));
        List<PlanStep> template = template(steps, plan, request);
        if (template.stream().anyMatch(step -> step.kind() == JobKind.NATIVE)) {
            out.println(steps.sandboxLine());
        }
        template.forEach(step -> out.println(step.toPlanLine()));
        out.flush();
    }

    /** {@code # plan of mlp.hlo: A,B,C; sgNN stands for each subgraph the model is split into}. */
    static String header(Plan plan, CompileRequest request) {
        return "# plan of " + request.model().getFileName() + ": " + String.join(",", plan.jobNames()) + "; "
                + Plan.TEMPLATE_SUBGRAPH + " stands for each subgraph the model is split into";
    }

    /**
     * Every step of the plan, per-subgraph steps for the template subgraph: builds each native
     * job's commands (so an invalid option or missing tool fails here) and runs nothing.
     */
    static List<PlanStep> template(JobSteps steps, Plan plan, CompileRequest request) {
        JobState template = new JobState(request.model(), ModelSnapshot.pathIn(request.workDir(), request.model()),
                request.workDir(), request.launchDir());
        template.setInputs(Plan.templateInputs(request.workDir()));
        template.putArtifact(Artifacts.NEFF, OutputFile.madeIn(request.workDir()));
        template.setPlannedArtifacts(plan.artifacts());
        template.setArtifactCatalog(plan.catalog());
        List<PlanStep> all = new ArrayList<>();
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            for (RegisteredJob job : plan.jobs()) {
                all.addAll(steps.plan(job, template, runner));
            }
        }
        return List.copyOf(all);
    }
}

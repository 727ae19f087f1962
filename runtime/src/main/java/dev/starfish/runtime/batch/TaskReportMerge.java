package dev.starfish.runtime.batch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Turns the array tasks' own reports and Slurm's word on each task into one outcome per model,
 * in the batch's order. A model keeps the outcome its task reported, with where Slurm ran it; a
 * task Slurm cancelled or timed out shows its unfinished models as cancelled or failed with
 * Slurm's state and reason; a task that left no report shows all its models so, pointing at the
 * task's output.
 */
public final class TaskReportMerge {

    private TaskReportMerge() {
    }

    /**
     * @param items the batch's models, in order
     * @param arrayJobId the array's job id
     * @param manifest which task compiled which models, and where each task's files are
     * @param states Slurm's state of each task (a task missing here is {@link SlurmTaskState#forgotten()})
     * @param reports each task's report, when it left a readable one
     */
    public static List<ModelOutcome> merge(List<BatchItem> items, String arrayJobId, SlurmManifest manifest,
            Map<Integer, SlurmTaskState> states, Map<Integer, BatchReport> reports) {
        Map<BatchItem, ModelOutcome> byItem = new HashMap<>();
        for (int task = 0; task < manifest.shares().size(); task++) {
            SlurmTaskState state = states.getOrDefault(task, SlurmTaskState.forgotten());
            Optional<BatchReport> report = Optional.ofNullable(reports.get(task));
            for (BatchItem item : manifest.shares().get(task)) {
                byItem.put(item, outcomeOf(item, task, arrayJobId, state, report, manifest));
            }
        }
        List<ModelOutcome> outcomes = new ArrayList<>();
        items.forEach(item -> outcomes.add(byItem.get(item)));
        return outcomes;
    }

    private static ModelOutcome outcomeOf(BatchItem item, int task, String arrayJobId, SlurmTaskState state,
            Optional<BatchReport> report, SlurmManifest manifest) {
        String jobId = arrayJobId + "_" + task;
        String node = !state.node().isEmpty() ? state.node() : report.map(BatchReport::host).orElse("");
        SlurmPlacement placement = new SlurmPlacement(jobId, task, node, state.state(), state.reason());
        Optional<ModelOutcome> reported = report.flatMap(r -> r.models().stream()
                .filter(m -> m.model().equals(item.model())).findFirst());
        String slurmSays = "Slurm task " + jobId + " ended " + state.state() + " (reason " + state.reason()
                + (state.exitCode().isEmpty() ? "" : ", exit " + state.exitCode()) + ")";
        if (reported.isPresent()) {
            ModelOutcome outcome = reported.get();
            if (outcome.status() != ModelStatus.OK && state.state().equals("CANCELLED")) {
                outcome = outcome.withStatus(ModelStatus.CANCELLED, slurmSays + "; " + outcome.error().orElse(""));
            } else if (outcome.status() != ModelStatus.OK && !state.state().equals("COMPLETED")
                    && !state.state().equals("FAILED")) {
                outcome = outcome.withStatus(ModelStatus.FAILED, slurmSays + "; " + outcome.error().orElse(""));
            }
            return outcome.placedBy(placement);
        }
        ModelStatus status = state.state().equals("CANCELLED") ? ModelStatus.CANCELLED : ModelStatus.FAILED;
        String why = slurmSays + " before reporting this model; task output: " + manifest.outputOf(task);
        return new ModelOutcome(item, status, OptionalInt.empty(), 0, "off", Optional.of(why), Optional.of(placement));
    }
}

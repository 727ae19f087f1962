package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One step of a compile's plan: a job on one subgraph, or once for the whole compile, with
 * what it runs and what it reads and writes (clang's {@code Command} in a {@code JobList}).
 * The host prints steps for {@code -###} and records every executed step in the
 * {@link JobState}, where later jobs (SaveTemps) read them.
 *
 * @param job the job's name
 * @param kind native or in-process
 * @param subgraph the subgraph's name, e.g. {@code sg00} or {@code sgNN} in a template; empty for a once-per-compile step
 * @param action the command as a replayable shell line (native), or what the job does (in-process)
 * @param consumes the {@link Artifacts} the step reads
 * @param produces the {@link Artifacts} the step writes
 * @param replayScript the replay script the launcher writes for a native step; empty for in-process steps
 */
public record PlanStep(String job, JobKind kind, String subgraph, String action, List<String> consumes,
        List<String> produces, Optional<Path> replayScript) {

    public PlanStep {
        requireNonNull(job, "job is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(subgraph, "subgraph is null");
        requireNonNull(action, "action is null");
        consumes = List.copyOf(consumes);
        produces = List.copyOf(produces);
        requireNonNull(replayScript, "replayScript is null");
    }

    /** The step of a native command: its replay script is {@code <workingDir>/replay_<replayName>.sh}. */
    public static PlanStep ofCommand(Command command, String subgraph, JobDeclaration declaration) {
        return new PlanStep(declaration.name(), JobKind.NATIVE, subgraph, command.toShellLine(), declaration.consumes(),
                declaration.produces(), Optional.of(command.workingDir().resolve("replay_" + command.replayName() + ".sh")));
    }

    /** The step of an in-process job on one subgraph, or once when {@code subgraph} is empty. */
    public static PlanStep inProcess(JobDeclaration declaration, String subgraph) {
        String action = declaration.action().isEmpty() ? "run in the driver's process" : declaration.action();
        return new PlanStep(declaration.name(), JobKind.IN_PROCESS, subgraph, action, declaration.consumes(),
                declaration.produces(), Optional.empty());
    }

    /**
     * One line for {@code -###}: the shell line of a native step; for an in-process step a comment,
     * {@code # Frontend (in-process): split the model into sgNN/model.hlo [model -> subgraphs, tensor-map]}.
     */
    public String toPlanLine() {
        if (kind == JobKind.NATIVE) {
            return action;
        }
        return "# " + job + " (in-process" + (subgraph.isEmpty() ? "" : ", " + subgraph) + "): " + action
                + " [" + (consumes.isEmpty() ? "-" : String.join(", ", consumes)) + " -> "
                + (produces.isEmpty() ? "-" : String.join(", ", produces)) + "]";
    }
}

package dev.starfish.api;

import java.nio.file.Path;
import java.util.List;

/**
 * A job that spawns one native tool, declared with {@code @JobSpec(kind = JobKind.NATIVE,
 * tool = "<bare name>")}: a template method. The job supplies only the argv of one step
 * ({@link #argv}) and, if it needs to, adjusts the command ({@link #configure}); resolving
 * the tool ({@link Launcher#resolve}, private directory first), building the {@link Command}
 * and running it through the host's {@link Launcher} are this class's. A job never starts a
 * process of its own.
 *
 * <p>A job declared {@code perSubgraph = true} has one step per subgraph, run in the
 * subgraph's directory; otherwise one step per compile, run in the work directory with
 * {@link JobState#wholeCompile()} as its input.
 */
public abstract class NativeJob extends AbstractJob {

    private final JobDeclaration declaration;

    /** Reads the tool name from the class's {@link JobSpec}; a class without a native declaration cannot be created. */
    protected NativeJob() {
        this.declaration = JobDeclaration.of(getClass());
        if (declaration.kind() != JobKind.NATIVE) {
            throw new IllegalStateException("job " + declaration.name() + " extends NativeJob but is declared "
                    + declaration.kind().label() + ": expected @JobSpec(kind = JobKind.NATIVE, tool = ...)");
        }
    }

    /**
     * The argv of one step: the resolved {@code executable} first, then its arguments; paths are
     * best relative to {@code input.dir()}, where the tool runs.
     *
     * @param input the subgraph, or {@link JobState#wholeCompile()} for a once-per-compile job
     * @throws InvalidInputException for an invalid option value
     */
    protected abstract List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options);

    /** Adjusts a step's command (merged stderr, a shell, limits); the default changes nothing. */
    protected void configure(Command.Builder command, JobOptions options) {
    }

    /** The inputs of this job's steps: every subgraph, or the whole compile once. */
    public final List<Subgraph> stepInputs(JobState state) {
        return declaration.perSubgraph() ? state.inputs() : List.of(state.wholeCompile());
    }

    /**
     * The command of one step: the tool resolved through the host's launcher, the job's argv, run in
     * the input's directory; with several subgraphs its replay script is {@code replay_<Job>_<sgNN>.sh}.
     */
    public final Command command(Subgraph input, JobState state, JobContext context) {
        Path executable = context.launcher().resolve(tool());
        Command.Builder builder = Command.builder(name(), input.dir(), argv(executable, input, state, context.options()));
        if (!input.isWholeCompile() && state.inputs().size() > 1) {
            builder.replayName(name() + "_" + input.name());
        }
        configure(builder, context.options());
        return builder.build();
    }

    /** Runs one step through the host's launcher and returns what it did. */
    public final ProcessResult runStep(Subgraph input, JobState state, JobContext context) {
        return context.launcher().run(command(input, state, context));
    }

    @Override
    protected final void runOnState(JobState state, JobContext context) {
        context.forEachInput(stepInputs(state), input -> runStep(input, state, context));
    }

    @Override
    protected final void runSingleInput(Subgraph input, JobState state, JobContext context) {
        runStep(input, state, context);
    }

    /** The bare tool name, e.g. {@code walrus_driver}. */
    protected final String tool() {
        return declaration.tool().orElseThrow();
    }

    /** What the job declares. */
    protected final JobDeclaration declaration() {
        return declaration;
    }
}

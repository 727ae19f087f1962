package dev.starfish.api;

/**
 * A job that spawns one native tool, declared with {@code @JobSpec(kind = JobKind.NATIVE,
 * tool = "<bare name>")}. It knows only the tool's bare name; the tool is
 * resolved at run time with {@link Launcher#resolve} (private directory first) and
 * started only through {@link Launcher#run}, never with a {@code ProcessBuilder} of its own.
 */
public abstract class NativeJob extends AbstractJob {

    private final String toolName;

    /** Reads the tool name from the class's {@link JobSpec}; a class without a native declaration cannot be created. */
    protected NativeJob() {
        JobDeclaration declaration = JobDeclaration.of(getClass());
        if (declaration.kind() != JobKind.NATIVE) {
            throw new IllegalStateException("job " + declaration.name() + " extends NativeJob but is declared "
                    + declaration.kind().label() + ": expected @JobSpec(kind = JobKind.NATIVE, tool = ...)");
        }
        this.toolName = declaration.tool().orElseThrow();
    }

    /**
     * A command of this job running {@code argv} in the input's directory; when the compile has
     * several subgraphs its replay script is named {@code replay_<Job>_<sgNN>.sh}.
     */
    protected final Command.Builder commandFor(Subgraph input, JobState state, java.util.List<String> argv) {
        Command.Builder builder = Command.builder(name(), input.dir(), argv);
        if (state.inputs().size() > 1) {
            builder.replayName(name() + "_" + input.name());
        }
        return builder;
    }

    /** The bare tool name, e.g. {@code walrus_driver}. */
    protected final String tool() {
        return toolName;
    }
}

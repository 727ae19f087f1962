package dev.starfish.api;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A job that spawns one native tool. It stores only the tool's bare name; the tool is
 * resolved at run time with {@link Launcher#resolve} (private directory first) and
 * started only through {@link Launcher#run}, never with a {@code ProcessBuilder} of its own.
 */
public abstract class NativeJob extends AbstractJob {

    private final String toolName;

    protected NativeJob(String toolName) {
        this.toolName = requireNonNull(toolName, "toolName is null");
        if (toolName.isEmpty() || toolName.contains("/")) {
            throw new IllegalArgumentException("a native job stores a bare tool name, found '" + toolName + "'");
        }
    }

    @Override
    public final JobKind kind() {
        return JobKind.NATIVE;
    }

    @Override
    public final Optional<String> toolName() {
        return Optional.of(toolName);
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

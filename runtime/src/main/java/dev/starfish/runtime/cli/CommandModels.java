package dev.starfish.runtime.cli;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;

/**
 * Where a command's Picocli model comes from. Building it (reflection over the annotated command
 * classes) is about 2 ms of a warm server's 12 ms cache hit, and the same for every command, so a
 * server keeps one model per subcommand made ahead on a thread of its own: a command takes it
 * and a fresh one is made for the next. Each model serves exactly one command
 * ({@link StarfishCommand#bind}); the one-shot driver, which runs one command, makes its model on
 * demand.
 */
public final class CommandModels {

    private final Executor maker;
    private final ConcurrentMap<String, AtomicReference<CommandLine>> spares = new ConcurrentHashMap<>();

    private CommandModels(Executor maker) {
        this.maker = maker;
    }

    /** Every model made when a command asks for it. */
    public static CommandModels madeOnDemand() {
        return new CommandModels(null);
    }

    /** The next model of each subcommand made on {@code maker} once a command took the last one. */
    public static CommandModels madeAhead(Executor maker) {
        return new CommandModels(requireNonNull(maker, "maker is null"));
    }

    /** A model no command has used, with only the subcommand {@code only}, or every one for null. */
    CommandLine take(String only) {
        if (maker == null) {
            return StarfishCli.newModel(only);
        }
        AtomicReference<CommandLine> spare = spares.computeIfAbsent(only == null ? "" : only,
                name -> new AtomicReference<>());
        CommandLine ready = spare.getAndSet(null);
        try {
            maker.execute(() -> {
                try {
                    spare.compareAndSet(null, StarfishCli.newModel(only));
                } catch (RuntimeException | LinkageError e) {
                    // the next command makes its own, and meets the same error where it can say so
                }
            });
        } catch (RejectedExecutionException e) {
            // the server is stopping: the commands still running make their own
        }
        return ready != null ? ready : StarfishCli.newModel(only);
    }
}

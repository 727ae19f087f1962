package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.cache.CompileCache;
import dev.starfish.runtime.compile.Compilation;
import dev.starfish.runtime.compile.CompileInterruptedException;
import dev.starfish.runtime.compile.CompileRequest;
import dev.starfish.runtime.compile.CrashContext;
import dev.starfish.runtime.compile.CompileResult;
import dev.starfish.runtime.compile.SignalGuard;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.log.ConsoleRoutes;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.JobThreadScope;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.logging.log4j.ThreadContext;

/**
 * Runs a batch in this driver: every model a {@link Compilation} of its own (own work directory,
 * log file and outcome), {@code --parallel} of them at once on one shared launcher (so the
 * operator's limit on concurrent tools holds for the whole batch), under one {@link BatchGuard}.
 * A failing model does not stop the others.
 */
public final class LocalBatch {

    private final JobRegistry registry;
    private final ProcessLauncher launcher;
    private final BatchSettings settings;
    private final CompileCache cache;
    private final BatchConsole console;
    private final PrintStream err;

    /** @param cache the compile cache every model of the batch shares (thread-safe; {@link CompileCache#disabled()} for none) */
    private final Cancellation cancellation;

    /** @param cancellation stops the batch ({@link BatchGuard}); its line goes to {@code err} */
    public LocalBatch(JobRegistry registry, ProcessLauncher launcher, BatchSettings settings, CompileCache cache,
            BatchConsole console, Cancellation cancellation, PrintStream err) {
        this.cancellation = requireNonNull(cancellation, "cancellation is null");
        this.registry = requireNonNull(registry, "registry is null");
        this.cache = requireNonNull(cache, "cache is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.console = requireNonNull(console, "console is null");
        this.err = requireNonNull(err, "err is null");
    }

    /**
     * Compiles every item; {@code report} receives the outcomes in the items' order once, either
     * here when all ended, or from the guard when the driver is stopped.
     *
     * @return the batch's exit code: 0 all compiled, 1 any did not, 128 + N when signal N stopped the driver
     */
    public int run(List<BatchItem> items, Consumer<List<ModelOutcome>> report) {
        OutcomeBoard board = new OutcomeBoard(items);
        ExecutorService pool = Executors.newFixedThreadPool(settings.modelParallelism(), r -> {
            Thread t = new Thread(r, "starfish-batch");
            t.setDaemon(true);
            return t;
        });
        // the batch's own thread context (its console route, the server's client and crash context) for every
        // model's thread, without the caller's log file
        Map<String, String> context = new HashMap<>();
        for (String key : List.of(ConsoleRoutes.KEY, JobThreadScope.CLIENT, CrashContext.KEY)) {
            String value = ThreadContext.get(key);
            if (value != null) {
                context.put(key, value);
            }
        }
        BatchGuard guard = new BatchGuard(launcher, board, report, cancellation, err);
        try (guard) {
            CompletionService<ModelOutcome> done = new ExecutorCompletionService<>(pool);
            items.forEach(item -> done.submit(() -> compileOne(item, board, guard, context)));
            for (int i = 0; i < items.size(); i++) {
                ModelOutcome outcome = done.take().get();
                if (outcome != null) {
                    console.finished(outcome);
                }
            }
            Optional<OutcomeBoard.Snapshot> closed = board.close();
            if (closed.isEmpty()) {
                return stopped(guard);
            }
            List<ModelOutcome> outcomes = new ArrayList<>();
            items.forEach(item -> outcomes.add(closed.get().done().get(item)));
            report.accept(outcomes);
            return outcomes.stream().allMatch(o -> o.status() == ModelStatus.OK) ? 0 : 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return stopped(guard);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a batch worker failed outside its compile: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The guard reported the stopped batch and the JVM is ending: the code of the signal, else a failure. */
    private static int stopped(BatchGuard guard) {
        return guard.interruptedBy() != null ? SignalGuard.exitCode(guard.interruptedBy()) : 1;
    }

    /** One model, start to end; {@code null} when the batch was stopped before it started or while it ran. */
    private ModelOutcome compileOne(BatchItem item, OutcomeBoard board, BatchGuard guard, Map<String, String> context) {
        ThreadContext.clearMap();
        ThreadContext.putAll(context);
        CompileRequest request = settings.requestFor(item);
        Compilation compilation = newCompilation(request);
        Supplier<String> cache = () -> compilation.cacheOutcome().label();
        long start = System.nanoTime();
        if (!board.start(item, new OutcomeBoard.Running(request, start, cache))) {
            return null;
        }
        console.started(item);
        ModelOutcome outcome;
        try {
            ModelPrivacy.prepare(item);
            CompileResult result = compilation.run(guard);
            ModelPrivacy.narrowOutput(item);
            outcome = ModelOutcome.ok(item, millisSince(start), result.cache().label());
        } catch (CompileInterruptedException e) {
            outcome = new ModelOutcome(item, ModelStatus.INTERRUPTED, OptionalInt.of(SignalGuard.exitCode(e.signal())),
                    millisSince(start), cache.get(), Optional.of(e.getMessage()), Optional.empty());
        } catch (InvalidInputException e) {
            outcome = ModelOutcome.failed(item, 2, millisSince(start), cache.get(), FailureLine.of(e));
        } catch (RuntimeException | LinkageError | StackOverflowError | AssertionError e) {
            outcome = ModelOutcome.failed(item, 1, millisSince(start), cache.get(), FailureLine.of(e));
        } finally {
            ThreadContext.clearMap();
        }
        return board.finish(outcome) ? outcome : null;
    }

    /** The one place a batch creates a compile: every model shares the batch's cache. */
    private Compilation newCompilation(CompileRequest request) {
        return new Compilation(registry, launcher, request, console.out(), cache);
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}

package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.ProcessResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The host's side of the {@link StepListener} stream of one compile: stamps each event with the
 * time and the calling thread, numbers the steps, and wraps the work of a step so that its end
 * is told however it ends. A listener that throws is logged and does not fail the compile.
 * Thread-safe: steps of one job run on several subgraph workers at once.
 */
public final class StepEvents {

    private static final Logger LOG = LogManager.getLogger(StepEvents.class);

    private final StepListener listener;
    private final Supplier<String> interruptedBy;
    private final AtomicLong steps = new AtomicLong();
    private final AtomicReference<List<String>> jobOrder = new AtomicReference<>(List.of());

    public StepEvents(StepListener listener) {
        this(listener, () -> null);
    }

    /**
     * Events of a compile that may be stopped under it: {@code interruptedBy} names what stopped it
     * ({@code SIGINT}) or is {@code null}; a job or step that fails once it is stopped ended interrupted.
     */
    public StepEvents(StepListener listener, Supplier<String> interruptedBy) {
        this.listener = requireNonNull(listener, "listener is null");
        this.interruptedBy = requireNonNull(interruptedBy, "interruptedBy is null");
    }

    /** Events that go nowhere (a dry run, a test of the steps alone). */
    public static StepEvents none() {
        return new StepEvents(StepListener.NONE);
    }

    public void planned(PlannedCompile plan) {
        jobOrder.set(plan.jobs().stream().map(PlannedCompile.PlannedJob::name).toList());
        tell(() -> listener.planned(plan));
    }

    public JobStart jobStarted(String job) {
        JobStart start = new JobStart(job, jobOrder.get().indexOf(job) + 1, Worker.current(), System.nanoTime());
        tell(() -> listener.jobStarted(start));
        return start;
    }

    public void jobFinished(JobStart start, Optional<String> failure) {
        JobEnd end = new JobEnd(start, System.nanoTime(), failure, stopped(failure));
        tell(() -> listener.jobFinished(end));
    }

    /** Runs a native step's tool through {@code run}; its end carries the tool's usage, also when it failed. */
    public ProcessResult tool(String job, String subgraph, String commandLine, Path replayScript, List<Path> outputs,
            Supplier<ProcessResult> run) {
        StepStart start = started(job, subgraph, "native", commandLine, Optional.of(replayScript));
        try {
            ProcessResult result = run.get();
            finished(start, Optional.of(ToolUsage.of(result)), Optional.empty(), outputs);
            return result;
        } catch (ChildProcessException e) {
            finished(start, Optional.of(ToolUsage.of(e.result())), Optional.of(message(e)), outputs);
            throw e;
        } catch (RuntimeException | Error e) {
            finished(start, Optional.empty(), Optional.of(message(e)), outputs);
            throw e;
        }
    }

    /** Runs an in-process job's work as one step. */
    public void inProcess(String job, String subgraph, String action, Supplier<List<Path>> outputs, Runnable run) {
        StepStart start = started(job, subgraph, "in-process", action, Optional.empty());
        try {
            run.run();
        } catch (RuntimeException | Error e) {
            finished(start, Optional.empty(), Optional.of(message(e)), List.of());
            throw e;
        }
        finished(start, Optional.empty(), Optional.empty(), outputs.get());
    }

    private StepStart started(String job, String subgraph, String kind, String action, Optional<Path> replayScript) {
        StepStart start = new StepStart(steps.incrementAndGet(), job, subgraph, kind, action, replayScript,
                Worker.current(), System.nanoTime());
        tell(() -> listener.stepStarted(start));
        return start;
    }

    private void finished(StepStart start, Optional<ToolUsage> tool, Optional<String> failure, List<Path> outputs) {
        StepEnd end = new StepEnd(start, System.nanoTime(), tool, failure, outputs, stopped(failure));
        tell(() -> listener.stepFinished(end));
    }

    private boolean stopped(Optional<String> failure) {
        return failure.isPresent() && interruptedBy.get() != null;
    }

    /** An exception's message for the report: the message, or its type when it has none. */
    public static String message(Throwable e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void tell(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("the compile report or progress display failed: {} (the compile goes on)", message(e), e);
        }
    }
}

package dev.starfish.runtime.batch;

import dev.starfish.runtime.compile.CompileRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Which models of a batch are waiting, running or done, shared by the threads that compile them
 * and by the guard that reports an interrupted batch. {@link #close} freezes it once: whoever
 * closes it first (the batch that finished, or the guard of a stopped driver) writes the report,
 * and later starts and finishes are ignored.
 */
final class OutcomeBoard {

    private final List<BatchItem> items;
    private final Map<BatchItem, ModelOutcome> done = new HashMap<>();
    private final Map<BatchItem, Running> running = new LinkedHashMap<>();
    private boolean closed;

    OutcomeBoard(List<BatchItem> items) {
        this.items = List.copyOf(items);
    }

    /** Marks the model running; false when the board is closed (the batch was stopped): do not start it. */
    synchronized boolean start(BatchItem item, Running model) {
        if (!closed) {
            running.put(item, model);
        }
        return !closed;
    }

    /** Records a model's outcome; false when the board is already closed (the outcome is not reported). */
    synchronized boolean finish(ModelOutcome outcome) {
        if (closed) {
            return false;
        }
        running.remove(outcome.item());
        done.put(outcome.item(), outcome);
        return true;
    }

    /** Closes the board: the state of every model, or empty when it was closed already. */
    synchronized Optional<Snapshot> close() {
        if (closed) {
            return Optional.empty();
        }
        closed = true;
        List<BatchItem> pending = new ArrayList<>();
        for (BatchItem item : items) {
            if (!done.containsKey(item) && !running.containsKey(item)) {
                pending.add(item);
            }
        }
        return Optional.of(new Snapshot(items, Map.copyOf(done), Map.copyOf(running), pending));
    }

    /**
     * A model that is compiling.
     *
     * @param request its compile
     * @param startNanos when it started ({@link System#nanoTime})
     * @param cache what the compile cache did for it so far: {@code hit}, {@code miss} or {@code off}
     */
    record Running(CompileRequest request, long startNanos, Supplier<String> cache) {

        long millisSoFar() {
            return (System.nanoTime() - startNanos) / 1_000_000;
        }
    }

    /** The models' states when the board closed. */
    record Snapshot(List<BatchItem> items, Map<BatchItem, ModelOutcome> done, Map<BatchItem, Running> running,
            List<BatchItem> pending) {
    }
}

package dev.starfish.runtime.invocation;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * How the caller of one command stops it: SIGINT, SIGTERM or SIGHUP sent to the one-shot process,
 * or the client of a server request. {@link #cancel} runs every registered action once, in the
 * order registered, with the signal's name ({@code SIGINT}); a command registers what must happen
 * then (stop its tools, write its report, say so) and deregisters when it ends. Only the first
 * cancel counts.
 */
public final class Cancellation {

    private final AtomicReference<String> cancelledBy = new AtomicReference<>();
    private final List<Consumer<String>> actions = new CopyOnWriteArrayList<>();

    /** What undoes one {@link #onCancel}. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** Runs {@code action} on the first cancel; at once when already cancelled. */
    public Registration onCancel(Consumer<String> action) {
        requireNonNull(action, "action is null");
        actions.add(action);
        String signal = cancelledBy.get();
        if (signal != null && actions.remove(action)) {
            action.accept(signal);
        }
        return () -> actions.remove(action);
    }

    /**
     * Cancels with {@code signal} ({@code SIGINT}, {@code SIGTERM}, {@code SIGHUP}); returns false,
     * doing nothing, when already cancelled.
     */
    public boolean cancel(String signal) {
        requireNonNull(signal, "signal is null");
        if (!cancelledBy.compareAndSet(null, signal)) {
            return false;
        }
        for (Consumer<String> action : actions) {
            if (actions.remove(action)) {
                action.accept(signal);
            }
        }
        return true;
    }

    /** The signal the command was cancelled with, or {@code null}. */
    public String cancelledBy() {
        return cancelledBy.get();
    }
}

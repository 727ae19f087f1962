package dev.starfish.runtime.invocation;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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

    /**
     * What {@link #cancel} is given when the JVM ends under a command for another reason than a
     * signal (plugin code calling {@code System.exit} by reflection): the command stops as for a
     * signal and says that plugin code ended the driver.
     */
    public static final String EXIT = "exit";

    private final AtomicReference<String> cancelledBy = new AtomicReference<>();
    private final List<Consumer<String>> actions = new CopyOnWriteArrayList<>();
    private final CountDownLatch actionsRan = new CountDownLatch(1);

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
        try {
            for (Consumer<String> action : actions) {
                if (actions.remove(action)) {
                    action.accept(signal);
                }
            }
        } finally {
            actionsRan.countDown();
        }
        return true;
    }

    /**
     * Once cancelled, waits up to {@code timeout} until the actions registered then have run (the
     * command's report written, its line said), so that its caller neither answers nor ends the
     * JVM in the middle of them; true when they have (or nothing was cancelled).
     */
    public boolean awaitActions(Duration timeout) {
        if (cancelledBy.get() == null) {
            return true;
        }
        try {
            return actionsRan.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The signal ({@code SIGINT}) a cancel named, or {@code null} for none and for {@link #EXIT}. */
    public static String signalOf(String reason) {
        return EXIT.equals(reason) ? null : reason;
    }

    /** The exit code of a command cancelled by {@code signal}: 128 + its number ({@code SIGTERM}'s when unknown). */
    public static int exitCode(String signal) {
        return 128 + ("SIGINT".equals(signal) ? 2 : "SIGHUP".equals(signal) ? 1 : 15);
    }

    /** The signal the command was cancelled with, or {@code null}. */
    public String cancelledBy() {
        return cancelledBy.get();
    }
}

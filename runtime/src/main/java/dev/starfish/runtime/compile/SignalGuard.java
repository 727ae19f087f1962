package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.invocation.Cancellation;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A running command's end when its caller cancels it ({@link Cancellation}: SIGINT, SIGTERM or
 * SIGHUP to the one-shot process, a server's client): runs {@code onEnd} once, on the cancelling
 * thread, with the signal's name ({@code SIGINT}), or {@code null} when the JVM ends under the
 * command for another reason (plugin code calling {@code System.exit}). What follows is the
 * caller's: the one-shot process then ends with 128 + the signal's number; a server answers its
 * client. {@link #close()} ends the guard; a cancel after it does nothing here.
 */
public final class SignalGuard implements AutoCloseable {

    /** Bounded: a stop that hangs must not keep the command's own thread from ending the driver. */
    private static final long END_WAIT_SECONDS = 30;

    private final AtomicReference<String> interruptedBy = new AtomicReference<>();
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Cancellation.Registration registration;
    private volatile boolean finished;

    private SignalGuard(Cancellation cancellation, Consumer<String> onEnd) {
        requireNonNull(onEnd, "onEnd is null");
        this.registration = requireNonNull(cancellation, "cancellation is null").onCancel(reason -> {
            if (finished) {
                return;
            }
            String signal = Cancellation.signalOf(reason);
            interruptedBy.set(signal);
            try {
                onEnd.accept(signal);
            } finally {
                ended.countDown();
            }
        });
    }

    /** Guards the command {@code cancellation} stops. */
    public static SignalGuard install(Cancellation cancellation, Consumer<String> onEnd) {
        return new SignalGuard(cancellation, onEnd);
    }

    /** The signal that stopped the command ({@code SIGTERM}), or {@code null}. */
    public String interruptedBy() {
        return interruptedBy.get();
    }

    /**
     * When a signal stopped the command, waits until {@code onEnd} has finished (so its record of
     * the stop is written before the command's log closes), for at most 30 seconds.
     */
    public void awaitEnd() {
        if (interruptedBy() == null) {
            return;
        }
        try {
            ended.await(END_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The watch a compile under this guard holds: the signal that stopped it, and the wait for the
     * stop's record; closing it runs {@code onClose} (this guard's {@link #close}, or nothing when
     * the guard outlives the compile, as a batch's does).
     */
    public CompileWatch.Watched watched(Runnable onClose) {
        requireNonNull(onClose, "onClose is null");
        return new CompileWatch.Watched() {
            @Override
            public String interruptedBy() {
                return SignalGuard.this.interruptedBy();
            }

            @Override
            public void awaitStopRecorded() {
                awaitEnd();
            }

            @Override
            public void close() {
                onClose.run();
            }
        };
    }

    /** The exit code of a driver stopped by {@code signal}: 128 + its number. */
    public static int exitCode(String signal) {
        return Cancellation.exitCode(signal);
    }

    @Override
    public void close() {
        finished = true;
        registration.close();
    }
}

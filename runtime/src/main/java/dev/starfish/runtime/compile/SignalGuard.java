package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The driver's end under a running command: SIGINT, SIGTERM and SIGHUP end the JVM with
 * 128 + the signal's number, and whatever ends the JVM before {@link #close()} (a signal, or
 * plugin code calling {@code System.exit}) runs {@code onEnd} once, in a shutdown hook, with the
 * signal's name ({@code SIGINT}) or {@code null}. {@link #close()} restores the JVM's handlers.
 */
public final class SignalGuard implements AutoCloseable {

    private static final Map<String, Integer> SIGNALS = Map.of("INT", 2, "TERM", 15, "HUP", 1);

    private final AtomicReference<String> interruptedBy = new AtomicReference<>();
    private final Map<String, SignalHandler> previous = new HashMap<>();
    private final Thread hook;
    private volatile boolean finished;

    private SignalGuard(Consumer<String> onEnd, String name) {
        requireNonNull(onEnd, "onEnd is null");
        this.hook = new Thread(() -> {
            if (!finished) {
                onEnd.accept(interruptedBy.get());
            }
        }, name);
    }

    /** Installs the handlers and the hook; {@code name} names the hook's thread. */
    public static SignalGuard install(String name, Consumer<String> onEnd) {
        SignalGuard guard = new SignalGuard(onEnd, name);
        Runtime.getRuntime().addShutdownHook(guard.hook);
        SIGNALS.forEach(guard::handle);
        return guard;
    }

    private void handle(String name, int number) {
        try {
            previous.put(name, Signal.handle(new Signal(name), signal -> {
                if (interruptedBy.compareAndSet(null, "SIG" + name)) {
                    System.exit(128 + number);
                }
            }));
        } catch (IllegalArgumentException e) {
            // the signal is ignored (nohup) or reserved by the JVM: leave it alone
        }
    }

    /** The signal that stopped the driver ({@code SIGTERM}), or {@code null}. */
    public String interruptedBy() {
        return interruptedBy.get();
    }

    /** The exit code of a driver stopped by {@code signal}: 128 + its number. */
    public static int exitCode(String signal) {
        Integer number = SIGNALS.get(signal.replaceFirst("^SIG", ""));
        return 128 + (number == null ? 15 : number);
    }

    @Override
    public void close() {
        finished = true;
        previous.forEach((name, handler) -> Signal.handle(new Signal(name), handler));
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook runs or has run
        }
    }
}

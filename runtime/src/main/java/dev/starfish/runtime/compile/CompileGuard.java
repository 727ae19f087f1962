package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.launch.ProcessLauncher;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Guards a running compile against the ways a JVM can end under it: SIGINT, SIGTERM and SIGHUP,
 * and a plugin calling {@code System.exit}. Either way the user reads one line, the log file
 * records it, every tool's process group is stopped, the tools' temporary files next to the
 * output are removed, and the exit code says what happened (128 + the signal's number).
 * Installed for the duration of one compile; {@link #close()} restores the JVM's handlers.
 */
final class CompileGuard implements AutoCloseable {

    private static final Logger OUTCOME = LogManager.getLogger("starfish.compile.outcome");
    private static final Map<String, Integer> SIGNALS = Map.of("INT", 2, "TERM", 15, "HUP", 1);

    private final ProcessLauncher launcher;
    private final RunningJobs running;
    private final Path output;
    private final Path logFile;
    private final PrintStream err;
    private final AtomicReference<String> interruptedBy = new AtomicReference<>();
    private final Map<String, SignalHandler> previous = new HashMap<>();
    private final Thread hook = new Thread(this::onShutdown, "starfish-compile-guard");
    private volatile boolean finished;

    private CompileGuard(ProcessLauncher launcher, RunningJobs running, Path output, Path logFile, PrintStream err) {
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.running = requireNonNull(running, "running is null");
        this.output = requireNonNull(output, "output is null");
        this.logFile = requireNonNull(logFile, "logFile is null");
        this.err = requireNonNull(err, "err is null");
    }

    static CompileGuard install(ProcessLauncher launcher, RunningJobs running, CompileRequest request, PrintStream err) {
        CompileGuard guard = new CompileGuard(launcher, running, request.output(), request.logFile(), err);
        Runtime.getRuntime().addShutdownHook(guard.hook);
        SIGNALS.forEach((name, number) -> guard.handle(name, number));
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

    /** The signal that stopped the compile ({@code SIGTERM}), or {@code null}. */
    String interruptedBy() {
        return interruptedBy.get();
    }

    private void onShutdown() {
        if (finished) {
            return;
        }
        String signal = interruptedBy.get();
        String jobs = running.describe();
        String line = signal != null
                ? "starfish: compile interrupted (" + signal + "); tools stopped"
                : "starfish: error: " + (jobs.isEmpty() ? "plugin code" : jobs) + " ended the driver (System.exit) "
                        + "before the compile finished; tools stopped, no output written";
        ThreadContext.put(CompileLog.CONTEXT_KEY, logFile.toString());
        launcher.stopAll(signal != null ? "the compile received " + signal : "plugin code ended the driver");
        removeToolTemporaries();
        OUTCOME.error("{}{}", line.replaceFirst("^starfish: (error: )?", ""),
                jobs.isEmpty() ? "" : " while running " + jobs);
        err.println(line);
        err.flush();
    }

    /** Removes {@code OUT.tmpXXXXXX}, the name a tool writes the output under before renaming it into place. */
    private void removeToolTemporaries() {
        Path dir = output.toAbsolutePath().getParent();
        String prefix = output.getFileName() + ".tmp";
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, p -> {
            String name = p.getFileName().toString();
            return name.startsWith(prefix) && name.length() == prefix.length() + 6
                    && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
        })) {
            for (Path temp : entries) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            OUTCOME.warn("could not remove temporary files next to {}: {}", output, e.getMessage());
        }
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

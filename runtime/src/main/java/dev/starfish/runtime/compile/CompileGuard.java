package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.launch.ProcessLauncher;
import java.io.PrintStream;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.logging.log4j.ThreadContext;

/**
 * Guards one running compile against its cancel ({@link Cancellation}: SIGINT, SIGTERM and SIGHUP,
 * a server's client, the JVM ending under it). Either way the user reads one line, the log file
 * records it, every tool's process group is stopped, the compile writes its report (the steps
 * that were running marked interrupted), the tools' temporary files next to the output are
 * removed, and the exit code says what happened (128 + the signal's number).
 * Installed for the duration of one compile; closing its watch ends it.
 */
final class CompileGuard {

    private final ProcessLauncher launcher;
    private final CompileRequest request;
    private final Supplier<String> runningJobs;
    private final Consumer<String> onInterrupt;
    private final PrintStream err;
    private final SignalGuard signals;

    private CompileGuard(ProcessLauncher launcher, CompileRequest request, Supplier<String> runningJobs,
            Consumer<String> onInterrupt, Cancellation cancellation, PrintStream err) {
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.request = requireNonNull(request, "request is null");
        this.runningJobs = requireNonNull(runningJobs, "runningJobs is null");
        this.onInterrupt = requireNonNull(onInterrupt, "onInterrupt is null");
        this.err = requireNonNull(err, "err is null");
        this.signals = SignalGuard.install(cancellation, this::stop);
    }

    /** The watch of a compile run on its own: each compile installs its own guard. */
    static CompileWatch perCompile(ProcessLauncher launcher, Cancellation cancellation, PrintStream err) {
        return new CompileWatch() {
            @Override
            public Watched watch(CompileRequest request, Supplier<String> runningJobs) {
                return watch(request, runningJobs, signal -> { });
            }

            @Override
            public Watched watch(CompileRequest request, Supplier<String> runningJobs, Consumer<String> onInterrupt) {
                return new CompileGuard(launcher, request, runningJobs, onInterrupt, cancellation, err).watched();
            }
        };
    }

    /** The compile's watch: closing it ends this guard. */
    private CompileWatch.Watched watched() {
        return signals.watched(signals::close);
    }

    private void stop(String signal) {
        String jobs = runningJobs.get();
        String line = signal != null
                ? "starfish: compile interrupted (" + signal + "); tools stopped"
                : "starfish: error: " + (jobs.isEmpty() ? "plugin code" : jobs) + " ended the driver (System.exit) "
                        + "before the compile finished; tools stopped, no output written";
        // The hook's thread writes to the compile's log, so the launcher's record of the stop lands there too.
        ThreadContext.put(CompileLog.CONTEXT_KEY, request.logFile().toString());
        launcher.stopAll(signal != null ? "the compile received " + signal : "plugin code ended the driver");
        try {
            onInterrupt.accept(signal);
        } catch (RuntimeException e) {
            // the report is the compile's last word, not a reason to skip the rest of the stop
        }
        InterruptedCompile.cleanUp(request, line.replaceFirst("^starfish: (error: )?", "")
                + (jobs.isEmpty() ? "" : " while running " + jobs), false);
        err.println(line);
        err.flush();
    }
}

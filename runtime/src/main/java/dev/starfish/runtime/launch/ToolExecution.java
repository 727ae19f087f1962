package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One run of one command through the shim: start, pump the output, wait, drain, read the report.
 * Used once, by the thread that runs the command; {@link #stop} and {@link #awaitExit} may be
 * called from any thread.
 */
final class ToolExecution {

    /** How long the pipe readers may go on after the shim exited before their streams are closed. */
    static final Duration DRAIN = Duration.ofMillis(1500);

    /** How long past the grace time the shim may take to kill the group, reap it and write its report. */
    static final Duration SHIM_EXIT_MARGIN = Duration.ofSeconds(2);

    private static final Map<Integer, String> SIGNAL_NAMES = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT",
            6, "SIGABRT", 9, "SIGKILL", 11, "SIGSEGV", 13, "SIGPIPE", 15, "SIGTERM", 24, "SIGXCPU");

    private final Command command;
    private List<String> shimArgv;
    private Path report;
    private final Path replayScript;
    private final OutputBuffer output;
    private final OutputBuffer errors;
    private final Object lock = new Object();
    private boolean interrupted;
    private Process process;
    private boolean stopRequested;

    ToolExecution(Command command, Path replayScript) {
        this.command = command;
        this.replayScript = replayScript;
        this.output = new OutputBuffer(command.headLines(), command.tailLines());
        this.errors = new OutputBuffer(0, command.exposeStderr() ? 0 : command.tailLines());
    }

    /**
     * Runs the command and waits for it. When the calling thread is interrupted meanwhile, the
     * tool's process group is killed, the result describes how it died, {@link #interrupted()}
     * turns true and the thread's interrupt flag is set again. When {@link #stop} came before the
     * start, the tool is not started and the result is {@code could not start}.
     */
    ProcessResult run(ShimRun shimRun, OutputPumps pumps, Consumer<String> stdoutLog, Consumer<String> stderrLog,
            Duration grace) {
        this.shimArgv = shimRun.argv();
        this.report = shimRun.report();
        long started = System.nanoTime();
        Process shim;
        try {
            shim = start();
        } catch (IOException e) {
            return result(ExitStatus.failedToStart(), Optional.empty(), started,
                    "could not start " + shimArgv.get(0) + ": " + e.getMessage());
        }
        if (shim == null) {
            return result(ExitStatus.failedToStart(), Optional.empty(), started, "not started: the launcher stopped");
        }
        Future<?> stdout = pumps.start(shim.getInputStream(), line -> {
            output.add(line);
            stdoutLog.accept(line);
        });
        Future<?> stderr = command.exposeStderr() ? null : pumps.start(shim.getErrorStream(), line -> {
            errors.add(line);
            stderrLog.accept(line);
        });
        interrupted = waitFor(shim, grace);
        long drainDeadline = System.nanoTime() + DRAIN.toNanos();
        awaitQuietly(stdout, drainDeadline);
        awaitQuietly(stderr, drainDeadline);
        closeQuietly(shim.getInputStream());
        closeQuietly(shim.getErrorStream());
        closeQuietly(shim.getOutputStream());
        ProcessResult result = resultOf(shim.exitValue(), started);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    /** The shim's argv and the report file it writes. */
    record ShimRun(List<String> argv, Path report) {
    }

    /** Whether the run was cut short by an interrupt of the calling thread. */
    boolean interrupted() {
        return interrupted;
    }

    /** Whether {@link #stop} was called. */
    boolean stopRequested() {
        synchronized (lock) {
            return stopRequested;
        }
    }

    /**
     * From any thread: pulls the shim's lifeline, so the shim sends the tool's process group
     * SIGTERM, then SIGKILL after the grace time, and exits; a run not yet started never starts.
     */
    void stop() {
        synchronized (lock) {
            stopRequested = true;
            if (process != null) {
                pullLifeline(process);
            }
        }
    }

    /** From any thread: waits for the shim to exit until {@code deadline} ({@link System#nanoTime}), then kills it. */
    void awaitExit(long deadline) {
        Process shim;
        synchronized (lock) {
            shim = process;
        }
        if (shim != null) {
            awaitOrKill(shim, deadline);
        }
    }

    /** Starts the shim unless stopped; null when stopped. */
    private Process start() throws IOException {
        synchronized (lock) {
            if (stopRequested) {
                return null;
            }
            process = processBuilder().start();
            return process;
        }
    }

    private ProcessBuilder processBuilder() {
        ProcessBuilder builder = new ProcessBuilder(shimArgv).directory(command.workingDir().toFile());
        Map<String, String> environment = builder.environment();
        command.envRemovals().forEach(environment::remove);
        environment.putAll(command.envOverrides());
        builder.redirectErrorStream(command.exposeStderr());
        return builder;
    }

    /** Waits for the shim; on interrupt pulls the lifeline (the shim kills the group) and returns true. */
    private static boolean waitFor(Process shim, Duration grace) {
        try {
            shim.waitFor();
            return false;
        } catch (InterruptedException e) {
            pullLifeline(shim);
            awaitOrKill(shim, System.nanoTime() + grace.toNanos() + SHIM_EXIT_MARGIN.toNanos());
            return true;
        }
    }

    /** Tells the shim to end the tool: a byte, then end of file, on its stdin. */
    private static void pullLifeline(Process shim) {
        OutputStream lifeline = shim.getOutputStream();
        try {
            lifeline.write('k');
            lifeline.flush();
        } catch (IOException e) {
            // the shim is already gone: nothing left to tell
        }
        closeQuietly(lifeline);
    }

    /** Waits for the shim until {@code deadline}, then SIGKILLs it; returns once it is gone, whatever interrupts. */
    private static void awaitOrKill(Process shim, long deadline) {
        boolean exited = false;
        boolean interrupted = false;
        while (!exited) {
            try {
                exited = shim.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (!exited) {
                    shim.destroyForcibly();
                    shim.waitFor();
                    exited = true;
                }
            } catch (InterruptedException again) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private ProcessResult resultOf(int shimExit, long started) {
        Optional<ShimReport> parsed = ShimReport.read(report);
        if (parsed.isPresent()) {
            ShimReport shim = parsed.get();
            String failure = shim.status().kind() == ExitStatus.Kind.FAILED_TO_START ? shim.error() : "";
            return result(shim.status(), parsed, started, failure);
        }
        if (shimExit > 128 && shimExit < 128 + 65) {
            int signal = shimExit - 128;
            return result(ExitStatus.signaled(signal, SIGNAL_NAMES.getOrDefault(signal, "")), parsed, started, "");
        }
        List<String> said = errors.tail().isEmpty() ? output.tail() : errors.tail();
        String lastWords = said.isEmpty() ? "" : ": " + said.get(said.size() - 1);
        return result(ExitStatus.failedToStart(), parsed, started,
                shimArgv.get(0) + " ended with exit status " + shimExit + " and wrote no report" + lastWords);
    }

    private ProcessResult result(ExitStatus status, Optional<ShimReport> shim, long started, String failure) {
        Duration measured = Duration.ofNanos(System.nanoTime() - started);
        Duration wall = shim.filter(r -> r.wallMillis() >= 0).map(r -> Duration.ofMillis(r.wallMillis()))
                .orElse(measured);
        return new ProcessResult(command, status, output.head(), output.tail(), errors.tail(), output.lines(), wall,
                shim.map(ShimReport::userCpuMillis).orElse(0L), shim.map(ShimReport::systemCpuMillis).orElse(0L),
                shim.map(ShimReport::maxRssKb).orElse(0L), shim.map(ShimReport::cpuLimitExceeded).orElse(false),
                shim.map(ShimReport::timedOut).orElse(false), failure, replayScript);
    }

    private void awaitQuietly(Future<?> pump, long deadline) {
        if (pump == null) {
            return;
        }
        try {
            pump.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // a process outside the tool's group still holds the pipe: stop listening to it
        } catch (ExecutionException e) {
            throw new IllegalStateException("reading the output of job " + command.job() + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // closing a pipe we no longer read cannot fail in a way that matters
        }
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a stale report in the temp directory is harmless
        }
    }
}

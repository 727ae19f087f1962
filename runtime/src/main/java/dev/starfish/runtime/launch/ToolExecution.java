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
 * Used once, by the thread that runs the command.
 */
final class ToolExecution {

    /** How long the pipe readers may go on after the shim exited before their streams are closed. */
    static final Duration DRAIN = Duration.ofMillis(1500);

    private static final Map<Integer, String> SIGNAL_NAMES = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT",
            6, "SIGABRT", 9, "SIGKILL", 11, "SIGSEGV", 13, "SIGPIPE", 15, "SIGTERM", 24, "SIGXCPU");

    private final Command command;
    private final List<String> shimArgv;
    private final Path report;
    private final Path replayScript;
    private final OutputBuffer output;
    private final OutputBuffer errors;
    private boolean interrupted;

    ToolExecution(Command command, List<String> shimArgv, Path report, Path replayScript) {
        this.command = command;
        this.shimArgv = shimArgv;
        this.report = report;
        this.replayScript = replayScript;
        this.output = new OutputBuffer(command.headLines(), command.tailLines());
        this.errors = new OutputBuffer(0, command.exposeStderr() ? 0 : command.tailLines());
    }

    /**
     * Runs the command and waits for it. When the calling thread is interrupted meanwhile, the
     * tool's process group is killed, the result describes how it died, {@link #interrupted()}
     * turns true and the thread's interrupt flag is set again.
     */
    ProcessResult run(OutputPumps pumps, Consumer<String> stdoutLog, Consumer<String> stderrLog, Duration grace) {
        long started = System.nanoTime();
        Process process;
        try {
            process = processBuilder().start();
        } catch (IOException e) {
            return result(ExitStatus.failedToStart(), Optional.empty(), started,
                    "could not start " + shimArgv.get(0) + ": " + e.getMessage());
        }
        OutputStream lifeline = process.getOutputStream();
        Future<?> stdout = pumps.start(process.getInputStream(), line -> {
            output.add(line);
            stdoutLog.accept(line);
        });
        Future<?> stderr = command.exposeStderr() ? null : pumps.start(process.getErrorStream(), line -> {
            errors.add(line);
            stderrLog.accept(line);
        });
        interrupted = waitFor(process, lifeline, grace);
        long drainDeadline = System.nanoTime() + DRAIN.toNanos();
        awaitQuietly(stdout, drainDeadline);
        awaitQuietly(stderr, drainDeadline);
        closeQuietly(process.getInputStream());
        closeQuietly(process.getErrorStream());
        closeQuietly(lifeline);
        ProcessResult result = resultOf(process.exitValue(), started);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    /** Whether the run was cut short by an interrupt of the calling thread. */
    boolean interrupted() {
        return interrupted;
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
    private static boolean waitFor(Process process, OutputStream lifeline, Duration grace) {
        try {
            process.waitFor();
            return false;
        } catch (InterruptedException e) {
            killGroup(process, lifeline, grace);
            return true;
        }
    }

    private static void killGroup(Process process, OutputStream lifeline, Duration grace) {
        try {
            lifeline.write('k');
            lifeline.flush();
        } catch (IOException e) {
            // the shim is already gone: nothing left to tell
        }
        closeQuietly(lifeline);
        long waitMillis = grace.toMillis() + 2000;
        boolean exited = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (!exited) {
            try {
                exited = process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (!exited) {
                    process.destroyForcibly();
                    process.waitFor();
                    exited = true;
                }
            } catch (InterruptedException again) {
                // keep waiting: the caller's interrupt flag is restored once the tool is gone
            }
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
                shimArgv.get(0) + " exited with status " + shimExit + " and wrote no report" + lastWords);
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

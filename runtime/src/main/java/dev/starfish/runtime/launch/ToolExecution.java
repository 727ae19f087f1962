package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.ProcessResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One run of one command under supervision: start it through a {@link ToolStarter}, keep the head
 * and tail of its output, wait, and turn the supervisor's report into a {@link ProcessResult}.
 * Used once, by the thread that runs the command; {@link #stop} and {@link #awaitExit} may be
 * called from any thread.
 */
final class ToolExecution {

    /** How long past the grace time the supervisor may take to kill the group, reap it and report. */
    static final Duration SUPERVISOR_EXIT_MARGIN = Duration.ofSeconds(2);

    private final Command command;
    private final Command executed;
    private final Path replayScript;
    private final OutputBuffer output;
    private final OutputBuffer errors;
    private final Object lock = new Object();
    private boolean interrupted;
    private ToolStarter.StartedTool tool;
    private boolean stopRequested;

    /** A run of {@code command}, started as {@code executed}: the same, or the same in its sandbox ({@link StepSandbox}). */
    ToolExecution(Command command, Command executed, Path replayScript) {
        this.command = command;
        this.executed = executed;
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
    ProcessResult run(ToolStarter starter, Consumer<String> stdoutLog, Consumer<String> stderrLog, Duration grace) {
        long started = System.nanoTime();
        ToolStarter.StartedTool running;
        try {
            running = start(starter, grace, stdoutLog, stderrLog);
        } catch (IOException e) {
            return result(ToolEnding.failedToStart(e.getMessage()), started);
        }
        if (running == null) {
            return result(ToolEnding.failedToStart("not started: the launcher stopped"), started);
        }
        ToolEnding ending;
        try {
            ending = running.await();
        } catch (InterruptedException e) {
            running.stop();
            ending = running.awaitUntil(System.nanoTime() + grace.toNanos() + SUPERVISOR_EXIT_MARGIN.toNanos());
            interrupted = true;
        }
        ProcessResult result = result(withLastWords(executed == command ? ending
                : SandboxedExit.of(ending, command, lastLine())), started);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return result;
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
     * From any thread: the tool's supervisor sends its process group SIGTERM, then SIGKILL after
     * the grace time; a run not yet started never starts.
     */
    void stop() {
        synchronized (lock) {
            stopRequested = true;
            if (tool != null) {
                tool.stop();
            }
        }
    }

    /** From any thread: waits for the run to end until {@code deadline} ({@link System#nanoTime}). */
    void awaitExit(long deadline) {
        ToolStarter.StartedTool running;
        synchronized (lock) {
            running = tool;
        }
        if (running != null) {
            running.awaitUntil(deadline);
        }
    }

    /** Starts the tool unless stopped; null when stopped. */
    private ToolStarter.StartedTool start(ToolStarter starter, Duration grace, Consumer<String> stdoutLog,
            Consumer<String> stderrLog) throws IOException {
        synchronized (lock) {
            if (stopRequested) {
                return null;
            }
            tool = starter.start(executed, grace, line -> {
                output.add(line);
                stdoutLog.accept(line);
            }, line -> {
                errors.add(line);
                stderrLog.accept(line);
            });
            return tool;
        }
    }

    /** The last line of error output, else of output; empty when there is none. */
    private String lastLine() {
        List<String> said = errors.tail().isEmpty() ? output.tail() : errors.tail();
        return said.isEmpty() ? "" : said.get(said.size() - 1);
    }

    /** A supervisor that failed without a report: its last line of output says why. */
    private ToolEnding withLastWords(ToolEnding ending) {
        if (ending.report().isPresent() || ending.status().kind() != ExitStatus.Kind.FAILED_TO_START) {
            return ending;
        }
        List<String> said = errors.tail().isEmpty() ? output.tail() : errors.tail();
        return said.isEmpty() ? ending : ToolEnding.failedToStart(ending.failure() + ": " + said.get(said.size() - 1));
    }

    private ProcessResult result(ToolEnding ending, long started) {
        Duration measured = Duration.ofNanos(System.nanoTime() - started);
        Optional<ShimReport> report = ending.report();
        Duration wall = report.filter(r -> r.wallMillis() >= 0).map(r -> Duration.ofMillis(r.wallMillis()))
                .orElse(measured);
        return new ProcessResult(command, ending.status(), output.head(), output.tail(), errors.tail(), output.lines(),
                wall, report.map(ShimReport::userCpuMillis).orElse(0L), report.map(ShimReport::systemCpuMillis).orElse(0L),
                report.map(ShimReport::maxRssKb).orElse(0L), report.map(ShimReport::cpuLimitExceeded).orElse(false),
                report.map(ShimReport::timedOut).orElse(false), ending.failure(), replayScript);
    }
}

package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
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
 * The fallback path ({@code launcher.spawn.server=false}): one {@code starfish-exec} process per
 * tool, started with a {@link ProcessBuilder}. Its stdin is the lifeline, its stdout and stderr are
 * the tool's, read by the shared {@link OutputPumps}, and it writes its report to a file of
 * {@link ReportFiles}.
 */
final class ShimStarter implements ToolStarter {

    /** How long the pipe readers may go on after the shim exited before their streams are closed. */
    static final Duration DRAIN = Duration.ofMillis(1500);

    private final Path shim;
    private final OutputPumps pumps;
    private final ReportFiles reports;

    private final ToolEnvironment inherited;

    ShimStarter(Path shim, OutputPumps pumps, ReportFiles reports, ToolEnvironment inherited) {
        this.inherited = inherited;
        this.shim = shim;
        this.pumps = pumps;
        this.reports = reports;
    }

    @Override
    public StartedTool start(Command command, Duration grace, Consumer<String> stdout, Consumer<String> stderr)
            throws IOException {
        Path report = reports.next();
        List<String> argv = ShimCommandLine.of(shim, command, grace, report);
        ProcessBuilder builder = new ProcessBuilder(argv).directory(command.workingDir().toFile());
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.putAll(inherited.variables());
        command.envRemovals().forEach(environment::remove);
        environment.putAll(command.envOverrides());
        builder.redirectErrorStream(command.exposeStderr());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException("could not start " + shim + ": " + e.getMessage(), e);
        }
        Future<?> out = pumps.start(process.getInputStream(), stdout);
        Future<?> err = command.exposeStderr() ? null : pumps.start(process.getErrorStream(), stderr);
        return new ShimProcess(process, out, err, report, command.job(), shim.toString());
    }

    /** One running shim. */
    private static final class ShimProcess implements StartedTool {

        private final Process shim;
        private final Future<?> stdout;
        private final Future<?> stderr;
        private final Path report;
        private final String job;
        private final String shimPath;

        ShimProcess(Process shim, Future<?> stdout, Future<?> stderr, Path report, String job, String shimPath) {
            this.shimPath = shimPath;
            this.shim = shim;
            this.stdout = stdout;
            this.stderr = stderr;
            this.report = report;
            this.job = job;
        }

        @Override
        public ToolEnding await() throws InterruptedException {
            shim.waitFor();
            return ending();
        }

        /** Tells the shim to end the tool: a byte, then end of file, on its stdin. */
        @Override
        public void stop() {
            OutputStream lifeline = shim.getOutputStream();
            try {
                lifeline.write('k');
                lifeline.flush();
            } catch (IOException e) {
                // the shim is already gone: nothing left to tell
            }
            closeQuietly(lifeline);
        }

        /** Waits for the shim until {@code deadline}, then SIGKILLs it; returns once it is gone. */
        @Override
        public ToolEnding awaitUntil(long deadline) {
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
            return ending();
        }

        /** Drains the pumps, closes the streams and reads the report (then deletes it). */
        private synchronized ToolEnding ending() {
            long drainDeadline = System.nanoTime() + DRAIN.toNanos();
            awaitQuietly(stdout, drainDeadline);
            awaitQuietly(stderr, drainDeadline);
            closeQuietly(shim.getInputStream());
            closeQuietly(shim.getErrorStream());
            closeQuietly(shim.getOutputStream());
            try {
                Optional<ShimReport> parsed = ShimReport.read(report);
                if (parsed.isPresent()) {
                    return ToolEnding.of(parsed.get());
                }
            } finally {
                ReportFiles.deleteQuietly(report);
            }
            int exit = shim.exitValue();
            if (exit > 128 && exit < 128 + 65) {
                // the shim itself was killed before it could report: the signal's name is not known here
                return new ToolEnding(ExitStatus.signaled(exit - 128, ""), Optional.empty(), "");
            }
            return ToolEnding.failedToStart(shimPath + " ended with exit status " + exit + " and wrote no report");
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
                throw new IllegalStateException("reading the output of job " + job + " failed", e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            // closing a pipe we no longer read cannot fail in a way that matters
        }
    }
}

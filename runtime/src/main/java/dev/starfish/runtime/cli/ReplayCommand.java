package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.replay.ReplayScript;
import dev.starfish.runtime.replay.ReplayScripts;
import dev.starfish.runtime.table.TextTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code starfish replay WORKDIR [JOB [SUBGRAPH]]}: lists a compile's replay scripts, or runs one
 * with {@code sh} exactly as a user would by hand, its output on the console and its exit status
 * passed through (128+N when the tool was killed by signal N).
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"List the replay scripts of a compile's work directory, or run one step again.",
                "Without JOB, prints one line per script: job, subgraph, script. With JOB (and SUBGRAPH when the job ran "
                        + "once per subgraph), runs that script with sh: its output on the console, its exit status "
                        + "passed through. Only scripts of a work directory of your own that nobody else may write "
                        + "are run, never a symbolic link."})
final class ReplayCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "WORKDIR", description = "The compile's work directory (its --workdir, "
            + "default MODEL.work).")
    Path workDir;

    @Parameters(index = "1", arity = "0..1", paramLabel = "JOB", description = "The job whose step to run again.")
    String job;

    @Parameters(index = "2", arity = "0..1", paramLabel = "SUBGRAPH",
            description = "The subgraph (sgNN or its number) of a job that ran once per subgraph.")
    String subgraph;

    @Mixin
    LoggingOptions logging;

    @Override
    public Integer call() {
        ReplayScripts scripts = ReplayScripts.of(StarfishCommand.invocation(spec).workingDirectory()
                .resolve(workDir).normalize());
        if (job == null) {
            list(scripts, spec.commandLine().getOut());
            return ExitCodes.OK;
        }
        ReplayScript script = scripts.select(job, Optional.ofNullable(subgraph));
        scripts.whyNotRunnable(script).ifPresent(problem -> {
            throw new InvalidInputException("refusing to replay job " + job + ": " + problem);
        });
        return run(script);
    }

    private static void list(ReplayScripts scripts, PrintWriter out) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("JOB", "SUBGRAPH", "SCRIPT"));
        for (ReplayScript s : scripts.all()) {
            rows.add(List.of(s.job(), s.subgraphLabel(), s.path() + (s.symbolicLink() ? " (symbolic link: not run)" : "")));
        }
        if (scripts.all().isEmpty()) {
            out.println("(no replay scripts in " + scripts.workDir() + ": a compile without --keep-temps removes them "
                    + "with the intermediate files)");
        } else {
            TextTable.print(out, rows);
        }
        out.flush();
    }

    private int run(ReplayScript script) {
        spec.commandLine().getOut().flush();
        // the tool's output goes to the command's own streams as it comes, byte for byte as a terminal
        // would show it (a server's command has no terminal of the process to inherit)
        ProcessBuilder builder = new ProcessBuilder("sh", script.path().toString())
                .directory(script.path().getParent().toFile()).redirectInput(ProcessBuilder.Redirect.INHERIT);
        Invocation invocation = StarfishCommand.invocation(spec);
        // a cancel (SIGTERM or SIGHUP to starfish, a server's client) stops the tool too (Ctrl-C reaches both
        // directly on a terminal); in place before the tool starts, so a cancel right after the start cannot miss it
        StopOnExit stop = new StopOnExit();
        try (Cancellation.Registration registration = StarfishCommand.invocation(spec).cancellation()
                .onCancel(signal -> stop.run())) {
            Process process = stop.start(builder);
            Thread out = copy(process.getInputStream(), invocation.out(), "starfish-replay-out");
            Thread err = copy(process.getErrorStream(), invocation.err(), "starfish-replay-err");
            // Java reports a child killed by signal N as 128+N, the shell's convention
            int code = process.waitFor();
            out.join();
            err.join();
            return code;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run sh " + script.path() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private static Thread copy(InputStream from, PrintStream to, String name) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (from) {
                for (int n = from.read(buffer); n >= 0; n = from.read(buffer)) {
                    to.write(buffer, 0, n);
                    to.flush();
                }
            } catch (IOException e) {
                // the tool's end, or the command's streams are gone
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** What stops the replayed tool on a cancel; a start and a stop never interleave. */
    private static final class StopOnExit {

        private Process process;
        private boolean stopping;

        synchronized Process start(ProcessBuilder builder) throws IOException, InterruptedException {
            if (stopping) {
                throw new InterruptedException("starfish is stopping");
            }
            process = builder.start();
            return process;
        }

        synchronized void run() {
            stopping = true;
            if (process != null) {
                process.destroy();
            }
        }
    }
}

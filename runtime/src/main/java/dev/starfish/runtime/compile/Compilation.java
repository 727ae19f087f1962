package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobState;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One compile: resolves the pipeline and checks every path and tool before anything runs,
 * holds the work directory for the whole compile, then runs each job in order, each in its
 * own plugin's loader and log context. Owns nothing global: several compilations may run in
 * one JVM, each with its own log file and work directory.
 */
public final class Compilation {

    /** Records a compile's outcome in its log file only; the console gets the CLI's one line. */
    private static final Logger OUTCOME = LogManager.getLogger("starfish.compile.outcome");
    private static final Logger LOG = LogManager.getLogger(Compilation.class);

    private final JobRegistry registry;
    private final ProcessLauncher launcher;
    private final CompileRequest request;
    private final PrintWriter dryRunOut;

    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter dryRunOut) {
        this.registry = requireNonNull(registry, "registry is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.request = requireNonNull(request, "request is null");
        this.dryRunOut = requireNonNull(dryRunOut, "dryRunOut is null");
    }

    /** Runs the compile; a failure is recorded in the log file and raised for the CLI to report once. */
    public CompileResult run() {
        List<RegisteredJob> jobs = request.pipeline().stream().map(registry::registered).toList();
        CompilePreflight.check(request);
        RunningJobs running = new RunningJobs();
        JobSteps steps = new JobSteps(registry, launcher, request, dryRunOut, running);
        steps.resolveTools(jobs);
        if (request.dryRun()) {
            return runJobs(jobs, steps);
        }
        try (WorkDirectory workDir = WorkDirectory.acquire(request.workDir());
                CompileLog log = CompileLog.open(request.logFile(), request.latestLogLink());
                CompileGuard guard = CompileGuard.install(launcher, running, request, System.err)) {
            CrashContext.record(workDir.path());
            createOutputDirectory();
            try {
                CompileResult result = runJobs(jobs, steps);
                OUTCOME.info("Compile finished in {} ms", result.wallMillis());
                return result;
            } catch (RuntimeException | Error e) {
                if (guard.interruptedBy() != null) {
                    throw new CompileInterruptedException(guard.interruptedBy(), e);
                }
                OUTCOME.error("Compile failed: {}", e.getMessage(), e);
                throw e;
            }
        }
    }

    private void createOutputDirectory() {
        Path parent = request.output().toAbsolutePath().getParent();
        try {
            Files.createDirectories(parent);
        } catch (java.io.IOException e) {
            throw new dev.starfish.api.InvalidInputException("cannot create the directory " + parent
                    + " of the output file: " + e.getMessage());
        }
    }

    private CompileResult runJobs(List<RegisteredJob> jobs, JobSteps steps) {
        long start = System.nanoTime();
        try (SubgraphRunner runner = new SubgraphRunner(request.parallelism())) {
            JobState state = new JobState(request.model(), request.workDir(), request.launchDir());
            state.putArtifact("neff", request.output());
            LOG.info("Compiling {} with jobs {} in {}", request.model(), request.pipeline(), request.workDir());
            List<CompileResult.JobTiming> timings = new ArrayList<>();
            for (RegisteredJob job : jobs) {
                timings.add(steps.run(job, state, runner));
            }
            Optional<Path> output = Files.isRegularFile(request.output()) && !request.dryRun()
                    ? Optional.of(request.output()) : Optional.empty();
            return new CompileResult(output, state.inputs().size(), timings, (System.nanoTime() - start) / 1_000_000);
        }
    }
}

package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.Job;
import dev.starfish.api.JobException;
import dev.starfish.api.JobState;
import dev.starfish.api.Launcher;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.JobThreadScope;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.ThreadContext;

/**
 * One compile: checks the pipeline, prepares the work directory and runs each job in
 * order, each in its own plugin's loader and log context. Owns nothing global: several
 * compilations may run in one JVM, each with its own log file and work directory.
 */
public final class Compilation {

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

    /** Runs the compile; a failed job raises its exception after the log has recorded it. */
    public CompileResult run() {
        List<RegisteredJob> jobs = request.pipeline().stream().map(registry::registered).toList();
        if (!Files.isRegularFile(request.model())) {
            throw new InvalidInputException("model file not found: " + request.model()
                    + " (expected an HLO text file, e.g. examples/mlp.hlo)");
        }
        String previousLog = ThreadContext.get("logfile");
        ThreadContext.put("logfile", request.logFile().toString());
        long start = System.nanoTime();
        try (SubgraphRunner runner = new SubgraphRunner(request.parallelism())) {
            createDirectories();
            JobState state = new JobState(request.model(), request.workDir(), request.launchDir());
            state.putArtifact("neff", request.output());
            LOG.info("Compiling {} with jobs {} in {}", request.model(), request.pipeline(), request.workDir());
            List<CompileResult.JobTiming> timings = new ArrayList<>();
            for (RegisteredJob job : jobs) {
                timings.add(runJob(job, state, runner));
            }
            CompileResult result = new CompileResult(request.output(), state.inputs().size(), timings,
                    (System.nanoTime() - start) / 1_000_000);
            LOG.info("Compile finished in {} ms", result.wallMillis());
            return result;
        } catch (RuntimeException e) {
            LOG.info("Compile failed: {}", e.getMessage());
            throw e;
        } finally {
            if (previousLog == null) {
                ThreadContext.remove("logfile");
            } else {
                ThreadContext.put("logfile", previousLog);
            }
        }
    }

    private CompileResult.JobTiming runJob(RegisteredJob registered, JobState state, SubgraphRunner runner) {
        long start = System.nanoTime();
        try (JobThreadScope scope = JobThreadScope.enter(registered)) {
            Job job = registry.job(registered.name());
            LOG.info("Running job {} ({}) from {}", registered.name(), registered.declaration().kind().label(),
                    registered.info().jarName());
            HostJobContext context = new HostJobContext(registered.name(), launcherFor(registered),
                    request.optionsOf(registered.name()), request.dryRun(), runner);
            try {
                job.run(state, context);
            } catch (LinkageError e) {
                throw new JobException("job " + registered.name() + " (" + registered.info().jarName()
                        + ") failed to link native or Java code: " + e, e);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            LOG.info("Job {} finished in {} ms", registered.name(), millis);
            return new CompileResult.JobTiming(registered.name(), millis);
        }
    }

    private Launcher launcherFor(RegisteredJob job) {
        ProcessLauncher forPlugin = launcher.forPlugin(job.plugin().loader().bundledToolsDir());
        return request.dryRun() ? new DryRunLauncher(forPlugin, dryRunOut) : forPlugin;
    }

    private void createDirectories() {
        try {
            Files.createDirectories(request.workDir());
            if (request.output().getParent() != null) {
                Files.createDirectories(request.output().getParent());
            }
            if (request.logFile().getParent() != null) {
                Files.createDirectories(request.logFile().getParent());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the work directory " + request.workDir() + ": " + e.getMessage(), e);
        }
    }
}

package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobState;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.plan.Plan;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One compile, planned then run (clang's {@code Compilation}): resolves the pipeline, checks
 * it against the jobs' declarations ({@link Plan}), checks every path and tool, and only then
 * either prints the plan ({@code -###}, touching nothing) or holds the work directory, writes
 * the compile record and runs the plan's steps job by job, each in its own plugin's loader and
 * log context. Owns nothing global: several compilations may run in one JVM, each with its own
 * log file and work directory.
 */
public final class Compilation {

    /** Records a compile's outcome in its log file only; the console gets the CLI's one line. */
    private static final Logger OUTCOME = LogManager.getLogger("starfish.compile.outcome");
    private static final Logger LOG = LogManager.getLogger(Compilation.class);

    private final JobRegistry registry;
    private final ProcessLauncher launcher;
    private final CompileRequest request;
    private final PrintWriter planOut;

    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter planOut) {
        this.registry = requireNonNull(registry, "registry is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.request = requireNonNull(request, "request is null");
        this.planOut = requireNonNull(planOut, "planOut is null");
    }

    /** Runs the compile; a failure is recorded in the log file and raised for the CLI to report once. */
    public CompileResult run() {
        return run(CompileGuard.perCompile(launcher, System.err));
    }

    /** Runs the compile under a guard the caller installed (a batch's one guard for all its compiles). */
    public CompileResult run(CompileWatch watch) {
        List<RegisteredJob> jobs = request.pipeline().stream().map(registry::registered).toList();
        Plan plan = Plan.of(jobs, registry.jobs());
        CompilePreflight.check(request);
        RunningJobs running = new RunningJobs();
        JobSteps steps = new JobSteps(registry, launcher, request, running);
        steps.resolveTools(jobs);
        if (request.dryRun()) {
            new PlanPrinter(steps, planOut).print(plan, request);
            return new CompileResult(Optional.empty(), 0, List.of(), 0);
        }
        try (WorkDirectory workDir = WorkDirectory.acquire(request.workDir());
                CompileLog log = CompileLog.open(request.logFile(), request.latestLogLink());
                CompileWatch.Watched guard = watch.watch(request, running::describe)) {
            CrashContext.record(workDir.path());
            createOutputDirectory();
            try {
                CompileResult result = runPlan(plan, steps);
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
        } catch (IOException e) {
            throw new InvalidInputException("cannot create the directory " + parent
                    + " of the output file: " + e.getMessage());
        }
    }

    private CompileResult runPlan(Plan plan, JobSteps steps) {
        long start = System.nanoTime();
        try (SubgraphRunner runner = new SubgraphRunner(request.parallelism())) {
            JobState state = new JobState(request.model(), request.workDir(), request.launchDir());
            state.putArtifact(Artifacts.NEFF, request.output());
            state.setPlannedArtifacts(plan.artifacts());
            LOG.info("Compiling {} with jobs {} in {}", request.model(), plan.jobNames(), request.workDir());
            LOG.info("{}", PlanPrinter.header(plan, request));
            PlanPrinter.template(steps, plan, request).forEach(step -> LOG.info("{}", step.toPlanLine()));
            CompileRecord.write(state.artifact(Artifacts.COMPILE_RECORD), request, plan);
            List<CompileResult.JobTiming> timings = new ArrayList<>();
            for (RegisteredJob job : plan.jobs()) {
                timings.add(steps.run(job, state, runner));
            }
            state.steps().forEach(step -> LOG.debug("Ran {}", step.toPlanLine()));
            Optional<Path> output = Files.isRegularFile(request.output()) ? Optional.of(request.output()) : Optional.empty();
            return new CompileResult(output, state.inputs().size(), timings, (System.nanoTime() - start) / 1_000_000);
        }
    }
}

package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobState;
import dev.starfish.api.PlanStep;
import dev.starfish.runtime.cache.CacheKey;
import dev.starfish.runtime.cache.CacheOutcome;
import dev.starfish.runtime.cache.CompileCache;
import dev.starfish.runtime.cache.ModelSnapshot;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.plan.Plan;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.RegisteredJob;
import dev.starfish.runtime.report.CacheUse;
import dev.starfish.runtime.report.CompileRecorder;
import dev.starfish.runtime.report.CompileReport;
import dev.starfish.runtime.report.DriverStart;
import dev.starfish.runtime.report.PlannedCompile;
import dev.starfish.runtime.report.ReportWriter;
import dev.starfish.runtime.report.StepEvents;
import dev.starfish.runtime.report.StepListener;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
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
    private final StepListener listener;
    private final CompileCache cache;
    private volatile CacheOutcome cacheOutcome = CacheOutcome.OFF;
    private final DriverStart origin;

    /** A compile without the compile cache and without a progress display. */
    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter planOut) {
        this(registry, launcher, request, planOut, CompileCache.disabled(), StepListener.NONE);
    }

    /** A compile that uses {@code cache} (shared by every compilation of a command; thread-safe). */
    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter planOut,
            CompileCache cache) {
        this(registry, launcher, request, planOut, cache, StepListener.NONE);
    }

    /**
     * A compile that uses {@code cache} and also tells {@code listener} (a progress display) of its
     * plan, jobs and steps; every compile that runs writes its report files into the work directory.
     */
    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter planOut,
            CompileCache cache, StepListener listener) {
        this(registry, launcher, request, planOut, cache, listener, DriverStart.ofCompile());
    }

    /**
     * Likewise, with the report's times (and the result's wall time) measured from {@code origin}:
     * the process start for the one compile of {@code starfish compile}.
     */
    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter planOut,
            CompileCache cache, StepListener listener, DriverStart origin) {
        this.origin = requireNonNull(origin, "origin is null");
        this.registry = requireNonNull(registry, "registry is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.request = requireNonNull(request, "request is null");
        this.planOut = requireNonNull(planOut, "planOut is null");
        this.cache = requireNonNull(cache, "cache is null");
        this.listener = requireNonNull(listener, "listener is null");
    }

    /**
     * Runs the compile, stopped by {@code cancellation} (its line on {@code err}); a failure is
     * recorded in the log file and raised for the CLI to report once.
     */
    public CompileResult run(Cancellation cancellation, PrintStream err) {
        return run(CompileGuard.perCompile(launcher, cancellation, err));
    }

    /** Runs the compile under a guard the caller installed (a batch's one guard for all its compiles). */
    public CompileResult run(CompileWatch watch) {
        List<RegisteredJob> jobs = request.pipeline().stream().map(registry::registered).toList();
        Plan plan = Plan.of(jobs, registry.jobs());
        CompilePreflight.check(request);
        RunningJobs running = new RunningJobs();
        CompileRecorder recorder = new CompileRecorder(request.model(), request.workDir(), request.starfishVersion(),
                origin);
        AtomicReference<CompileWatch.Watched> watched = new AtomicReference<>();
        StepEvents events = new StepEvents(StepListener.all(List.of(recorder, listener)), () -> {
            CompileWatch.Watched current = watched.get();
            return current == null ? null : current.interruptedBy();
        });
        JobSteps steps = new JobSteps(registry, launcher, request, running, events);
        Map<String, Path> tools = steps.resolveTools(jobs);
        if (!request.dryRun() && !tools.isEmpty()) {
            launcher.sandboxPolicy().refusal().ifPresent(refusal -> {
                throw new InvalidInputException(refusal);
            });
        }
        CachedCompile cached = new CachedCompile(cache, request);
        if (request.dryRun()) {
            Optional<CacheKey> key = cached.key(plan, tools, () -> ModelSnapshot.digestOf(request.model()));
            new PlanPrinter(steps, planOut).print(plan, request);
            key.ifPresent(k -> planOut.println(cached.planLine(k)));
            planOut.flush();
            return new CompileResult(Optional.empty(), 0, List.of(), 0, CacheOutcome.OFF, key.map(CacheKey::hex),
                    Optional.empty());
        }
        try (WorkDirectory workDir = WorkDirectory.acquire(request.workDir(), plan.catalog());
                CompileLog log = CompileLog.open(request.logFile(), request.latestLogLink());
                CompileWatch.Watched guard = watch.watch(request, running::describe,
                        signal -> writeReport(recorder.interrupted(interruption(signal)), false))) {
            watched.set(guard);
            CrashContext.record(workDir.path());
            createOutputDirectory();
            try (OutputFile output = OutputFile.acquire(request.output(), request.umask().fileMode())) {
                CachedCompile.Start start = cached.start(plan, tools);
                Optional<CacheKey> key = start.key();
                // a compile that looked its key up and fails or is stopped did not come from the cache
                cacheOutcome = key.isPresent() ? CacheOutcome.MISS : CacheOutcome.OFF;
                recorder.cacheUsed(new CacheUse(cacheOutcome.label(), key.map(CacheKey::hex), Optional.empty()));
                CompileResult result = start.hit().isPresent() ? start.hit().get()
                        : key.isPresent() ? cached.run(key.get(), () -> runPlan(plan, steps, events, start.snapshot()))
                        : runPlan(plan, steps, events, start.snapshot());
                if (guard.interruptedBy() != null) {
                    // cancelled while its last step ended well: the guard's report and line stand, no output
                    throw new IllegalStateException("the compile was interrupted (" + guard.interruptedBy() + ")");
                }
                cacheOutcome = result.cache();
                recorder.cacheUsed(new CacheUse(result.cache().label(), result.cacheKey(), result.cacheEntry()));
                if (result.cache() == CacheOutcome.HIT) {
                    // the report of a hit: the plan it did not need to run, no job, its own times
                    recorder.planned(planned(plan, PlanPrinter.template(steps, plan, request)));
                    ModelSnapshot.removeFolder(request.workDir());
                }
                CompileReport report = recorder.report(Optional.empty());
                CompileResult measured = result.withWallMillis(report.wallMicros() / 1000);
                if (result.cache() != CacheOutcome.HIT) {
                    measured = published(measured, output);
                }
                writeReport(report, true);
                OUTCOME.info("Compile finished in {} ms{}", measured.wallMillis(),
                        result.cache() == CacheOutcome.HIT ? " (cache hit: no job ran)" : "");
                return measured;
            } catch (RuntimeException | Error e) {
                if (guard.interruptedBy() == null) {
                    writeReport(recorder.report(Optional.of(StepEvents.message(e))), true);
                }
                // an interrupted compile's report is the guard's, written when it was stopped: left as it is
                if (guard.interruptedBy() != null) {
                    guard.awaitStopRecorded();
                    throw new CompileInterruptedException(guard.interruptedBy(), e);
                }
                OUTCOME.error("Compile failed: {}", e.getMessage(), e);
                throw e;
            }
        }
    }

    /** The result once the {@code .neff} this compile made (and stored) is moved from the work directory to {@code -o}. */
    private CompileResult published(CompileResult result, OutputFile output) {
        if (result.output().isEmpty()) {
            return result;
        }
        output.publish(result.output().get());
        return result.withOutput(request.output());
    }

    /**
     * What the compile cache did for this compile so far, also while it runs and after it failed:
     * {@code OFF} until the compile looked its key up (or with the cache off), then {@code MISS},
     * or {@code HIT} when the {@code .neff} came from the cache.
     */
    public CacheOutcome cacheOutcome() {
        return cacheOutcome;
    }

    private void createOutputDirectory() {
        Path parent = request.output().toAbsolutePath().getParent();
        try {
            createDirectories(parent);
        } catch (IOException e) {
            throw new InvalidInputException("cannot create the directory " + parent
                    + " of the output file: " + e.getMessage());
        }
    }

    /** Creates {@code dir} and its missing parents with the mode the command's umask gives a directory. */
    private void createDirectories(Path dir) throws IOException {
        if (dir == null || Files.isDirectory(dir)) {
            return;
        }
        createDirectories(dir.getParent());
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(request.umask().directoryMode()));
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir)) {
                throw e;
            }
            return;
        }
        // the attribute is applied under the process's umask too: set the command's mode exactly
        Files.setPosixFilePermissions(dir, request.umask().directoryMode());
    }

    /** What the report says stopped a compile: the signal, or plugin code ending the driver ({@code null}). */
    private static String interruption(String signal) {
        return signal != null ? "the compile was interrupted (" + signal + ")"
                : "plugin code ended the driver (System.exit) before the compile finished";
    }

    /** Writes report.json, trace.json and report.html; a report that cannot be written is a warning, not a failure. */
    private static void writeReport(CompileReport report, boolean log) {
        try {
            List<Path> files = ReportWriter.write(report);
            if (log) {
                LOG.info("Wrote the compile report {} (timeline: {}, {})", files.get(0), files.get(2), files.get(1));
            }
        } catch (UncheckedIOException e) {
            if (log) {
                LOG.warn("{}; the compile itself is not affected", e.getMessage());
            }
        }
    }

    /** The plan as the report and the progress display show it. */
    private PlannedCompile planned(Plan plan, List<PlanStep> template) {
        List<PlannedCompile.PlannedJob> jobs = plan.jobs().stream().map(job -> {
            JobDeclaration d = job.declaration();
            List<String> lines = template.stream().filter(step -> step.job().equals(job.name()))
                    .map(PlanStep::toPlanLine).toList();
            return new PlannedCompile.PlannedJob(job.name(), d.kind().label(), d.tool(), d.perSubgraph(), d.consumes(),
                    d.produces(), lines);
        }).toList();
        return new PlannedCompile(request.model(), request.output(), request.workDir(), request.parallelism(), jobs);
    }

    private CompileResult runPlan(Plan plan, JobSteps steps, StepEvents events, ModelSnapshot model) {
        long start = System.nanoTime();
        try (SubgraphRunner runner = new SubgraphRunner(request.parallelism())) {
            JobState state = new JobState(request.model(), model.path(), request.workDir(), request.launchDir());
            Path made = OutputFile.madeIn(request.workDir());
            Files.deleteIfExists(made);
            state.putArtifact(Artifacts.NEFF, made);
            state.setPlannedArtifacts(plan.artifacts());
            state.setArtifactCatalog(plan.catalog());
            LOG.info("Compiling {} (sha256 {}, read from its copy {}) with jobs {} in {}", request.model(), model.sha256(),
                    model.path(), plan.jobNames(), request.workDir());
            LOG.info("{}", PlanPrinter.header(plan, request));
            List<PlanStep> template = PlanPrinter.template(steps, plan, request);
            template.forEach(step -> LOG.info("{}", step.toPlanLine()));
            events.planned(planned(plan, template));
            CompileRecord.write(state.artifact(Artifacts.COMPILE_RECORD), request, plan, model.sha256());
            List<CompileResult.JobTiming> timings = new ArrayList<>();
            for (RegisteredJob job : plan.jobs()) {
                timings.add(steps.run(job, state, runner));
            }
            state.steps().forEach(step -> LOG.debug("Ran {}", step.toPlanLine()));
            Optional<Path> output = Files.isRegularFile(made, LinkOption.NOFOLLOW_LINKS) ? Optional.of(made)
                    : Optional.empty();
            return new CompileResult(output, state.inputs().size(), timings, (System.nanoTime() - start) / 1_000_000);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the work directory " + request.workDir() + ": "
                    + e.getMessage(), e);
        }
    }
}

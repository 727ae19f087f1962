package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Artifacts;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobState;
import dev.starfish.runtime.cache.CacheEntry;
import dev.starfish.runtime.cache.CacheKey;
import dev.starfish.runtime.cache.CacheOutcome;
import dev.starfish.runtime.cache.CompileCache;
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
import java.util.Map;
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
 *
 * <p>With a {@link CompileCache}, a plan that writes a {@code .neff} is looked up by its key
 * after planning and tool resolution (so {@code -###} and invalid input behave as without it):
 * a hit copies the verified {@code .neff} out and runs no job; a miss takes the key's lock, looks
 * again (another process may have filled it meanwhile), compiles and stores the result.
 */
public final class Compilation {

    /** Records a compile's outcome in its log file only; the console gets the CLI's one line. */
    private static final Logger OUTCOME = LogManager.getLogger("starfish.compile.outcome");
    private static final Logger LOG = LogManager.getLogger(Compilation.class);

    private final JobRegistry registry;
    private final ProcessLauncher launcher;
    private final CompileRequest request;
    private final PrintWriter planOut;
    private final CompileCache cache;

    /** A compile without the compile cache. */
    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter planOut) {
        this(registry, launcher, request, planOut, CompileCache.disabled());
    }

    /** A compile that uses {@code cache} (shared by every compilation of a command; thread-safe). */
    public Compilation(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter planOut,
            CompileCache cache) {
        this.registry = requireNonNull(registry, "registry is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.request = requireNonNull(request, "request is null");
        this.planOut = requireNonNull(planOut, "planOut is null");
        this.cache = requireNonNull(cache, "cache is null");
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
        Map<String, Path> tools = steps.resolveTools(jobs);
        Optional<CacheKey> key = cacheKey(plan, tools);
        if (request.dryRun()) {
            new PlanPrinter(steps, planOut).print(plan, request);
            key.ifPresent(k -> planOut.println("# cache: " + (cache.peek(k).isPresent() ? "hit " : "miss ") + k));
            planOut.flush();
            return new CompileResult(Optional.empty(), 0, List.of(), 0, CacheOutcome.OFF, key.map(CacheKey::hex));
        }
        try (WorkDirectory workDir = WorkDirectory.acquire(request.workDir());
                CompileLog log = CompileLog.open(request.logFile(), request.latestLogLink());
                CompileWatch.Watched guard = watch.watch(request, running::describe)) {
            CrashContext.record(workDir.path());
            createOutputDirectory();
            try {
                CompileResult result = key.isPresent() ? runCached(plan, steps, key.get()) : runPlan(plan, steps);
                if (result.cache() != CacheOutcome.HIT) {
                    OUTCOME.info("Compile finished in {} ms", result.wallMillis());
                }
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

    /** The compile's cache key, when the cache is on and the plan writes a {@code .neff}. */
    private Optional<CacheKey> cacheKey(Plan plan, Map<String, Path> tools) {
        if (!cache.enabled() || !plan.artifacts().contains(Artifacts.NEFF)) {
            return Optional.empty();
        }
        return Optional.of(cache.key(request.model(), plan.jobs(), tools, request.jobOptions(), request.starfishVersion()));
    }

    private CompileResult runCached(Plan plan, JobSteps steps, CacheKey key) {
        long start = System.nanoTime();
        Optional<CompileResult> hit = hit(key, start);
        if (hit.isPresent()) {
            return hit.get();
        }
        try (CompileCache.KeyLock lock = cache.lock(key)) {
            hit = hit(key, start);
            if (hit.isPresent()) {
                return hit.get();
            }
            OUTCOME.info("cache miss {}", key);
            CompileResult result = runPlan(plan, steps);
            result.output().ifPresent(neff -> {
                if (cache.store(key, neff, request.model().getFileName().toString(), result.subgraphs(),
                        request.starfishVersion())) {
                    LOG.info("Stored {} in the compile cache as {}", neff.getFileName(), key);
                }
            });
            return result.withCache(CacheOutcome.MISS, key.hex());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.starfish.api.JobException("interrupted while waiting for another compile of the same model "
                    + "(cache key " + key + "); nothing was written", e);
        }
    }

    /** The result of copying the cached {@code .neff} out, when the cache has a sound entry of {@code key}. */
    private Optional<CompileResult> hit(CacheKey key, long start) {
        Optional<CacheEntry> entry = cache.lookup(key);
        if (entry.isEmpty() || !cache.copyOut(entry.get(), request.output())) {
            return Optional.empty();
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        OUTCOME.info("cache hit {}: copied the cached .neff to {} in {} ms; no job ran", key, request.output(), millis);
        return Optional.of(new CompileResult(Optional.of(request.output()), entry.get().manifest().subgraphs(), List.of(),
                millis, CacheOutcome.HIT, Optional.of(key.hex())));
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

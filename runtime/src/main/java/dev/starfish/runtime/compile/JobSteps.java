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
import java.io.PrintWriter;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Runs one job of a compile in its plugin's loader and log context, and turns anything plugin
 * code throws into one line that names the job and its jar (the stack trace goes to the log
 * file only). Also resolves every native job's tool before the first job runs, so a missing
 * tool is reported before any work is done.
 */
final class JobSteps {

    private static final Logger LOG = LogManager.getLogger(JobSteps.class);

    private final JobRegistry registry;
    private final ProcessLauncher launcher;
    private final CompileRequest request;
    private final PrintWriter dryRunOut;
    private final RunningJobs running;

    JobSteps(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, PrintWriter dryRunOut,
            RunningJobs running) {
        this.registry = requireNonNull(registry, "registry is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.request = requireNonNull(request, "request is null");
        this.dryRunOut = requireNonNull(dryRunOut, "dryRunOut is null");
        this.running = requireNonNull(running, "running is null");
    }

    /** Resolves each native job's tool; the first one missing is an invalid input naming the job. */
    void resolveTools(List<RegisteredJob> jobs) {
        for (RegisteredJob job : jobs) {
            toolOf(job).ifPresent(tool -> {
                try {
                    launcherFor(job, false).resolve(tool);
                } catch (InvalidInputException e) {
                    throw new InvalidInputException(e.getMessage() + "; job " + job.name()
                            + " needs it (nothing was run)", e);
                }
            });
        }
    }

    CompileResult.JobTiming run(RegisteredJob registered, JobState state, SubgraphRunner runner) {
        long start = System.nanoTime();
        running.enter(registered);
        try (JobThreadScope scope = JobThreadScope.enter(registered);
                JobThreadName name = JobThreadName.enter(registered.name())) {
            Job job = registry.job(registered.name());
            LOG.info("Running job {} ({}) from {}", registered.name(), registered.declaration().kind().label(),
                    registered.info().jarName());
            HostJobContext context = new HostJobContext(registered.name(), launcherFor(registered, request.dryRun()),
                    request.optionsOf(registered.name()), request.dryRun(), runner);
            job.run(state, context);
            long millis = (System.nanoTime() - start) / 1_000_000;
            LOG.info("Job {} finished in {} ms", registered.name(), millis);
            return new CompileResult.JobTiming(registered.name(), millis);
        } catch (InvalidInputException | JobException e) {
            throw e;
        } catch (ExceptionInInitializerError e) {
            throw new JobException("job " + registered.name() + " (" + registered.info().jarName() + ") failed: "
                    + "a static initializer threw " + describe(e.getCause() != null ? e.getCause() : e)
                    + " (the log has the stack trace)", e);
        } catch (LinkageError e) {
            throw new JobException("job " + registered.name() + " (" + registered.info().jarName()
                    + ") failed to link native or Java code: " + e, e);
        } catch (RuntimeException | StackOverflowError | AssertionError e) {
            throw new JobException("job " + registered.name() + " (" + registered.info().jarName() + ") failed: "
                    + describe(e) + " (the log has the stack trace)", e);
        } finally {
            running.leave(registered);
        }
    }

    private static java.util.Optional<String> toolOf(RegisteredJob job) {
        return job.declaration().tool();
    }

    private Launcher launcherFor(RegisteredJob job, boolean dryRun) {
        ProcessLauncher forPlugin = launcher.forPlugin(job.plugin().loader().bundledToolsDir());
        return dryRun ? new DryRunLauncher(forPlugin, dryRunOut) : forPlugin;
    }

    /** The exception and where in plugin code it was thrown, e.g. {@code NullPointerException at Foo.java:12}. */
    static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(e.getClass().getSimpleName());
        if (e.getMessage() != null && !(e instanceof StackOverflowError)) {
            text.append(": ").append(e.getMessage().lines().findFirst().orElse(""));
        }
        StackTraceElement[] trace = e.getStackTrace();
        if (trace.length > 0 && trace[0].getFileName() != null) {
            text.append(" at ").append(trace[0].getFileName()).append(':').append(trace[0].getLineNumber());
        }
        return text.toString();
    }
}

package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.Job;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobException;
import dev.starfish.api.JobState;
import dev.starfish.api.NativeJob;
import dev.starfish.api.PlanStep;
import dev.starfish.api.ProcessResult;
import dev.starfish.api.ShellQuote;
import dev.starfish.api.Subgraph;
import dev.starfish.api.SystemExitError;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.plan.Plan;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.JobThreadScope;
import dev.starfish.runtime.registry.NamedJobException;
import dev.starfish.runtime.registry.RegisteredJob;
import dev.starfish.runtime.report.JobStart;
import dev.starfish.runtime.report.StepEvents;
import dev.starfish.runtime.report.StepOutputs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Turns a job of the plan into its steps and runs them, in the job's plugin loader and log
 * context: a native job's steps are its commands (built by the job's {@link NativeJob} template,
 * one per subgraph or one per compile), an in-process job's step is the job's own run. Every
 * step that ran is recorded in the state. Anything plugin code throws becomes one line naming
 * the job and its jar (the stack trace goes to the log file only). Also resolves every native
 * job's tool before the first job runs, so a missing tool is reported before any work is done.
 */
final class JobSteps {

    private static final Logger LOG = LogManager.getLogger(JobSteps.class);

    private final JobRegistry registry;
    private final ProcessLauncher launcher;
    private final CompileRequest request;
    private final RunningJobs running;
    private final StepEvents events;

    JobSteps(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, RunningJobs running) {
        this(registry, launcher, request, running, StepEvents.none());
    }

    JobSteps(JobRegistry registry, ProcessLauncher launcher, CompileRequest request, RunningJobs running,
            StepEvents events) {
        this.registry = requireNonNull(registry, "registry is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.request = requireNonNull(request, "request is null");
        this.running = requireNonNull(running, "running is null");
        this.events = requireNonNull(events, "events is null");
    }

    /**
     * Resolves each native job's tool; the first one missing is an invalid input naming the job.
     *
     * @return the file each native job's tool resolves to, by job name
     */
    Map<String, Path> resolveTools(List<RegisteredJob> jobs) {
        Map<String, Path> resolved = new LinkedHashMap<>();
        for (RegisteredJob job : jobs) {
            job.declaration().tool().ifPresent(tool -> {
                try {
                    resolved.put(job.name(), toolsOf(job).resolve(tool));
                } catch (InvalidInputException e) {
                    throw new InvalidInputException(e.getMessage() + "; job " + job.name()
                            + " needs it (nothing was run)", e);
                }
            });
        }
        return resolved;
    }

    /**
     * The plan's line about the sandbox: the {@code bwrap} words each tool step runs after (shown
     * for the template subgraph), or why tool steps run unsandboxed.
     */
    String sandboxLine() {
        ProcessLauncher steps = launcher.forCompile(request.workDir()).withDeclaredInputs(List.of());
        Path template = request.workDir().resolve(Plan.TEMPLATE_SUBGRAPH);
        return steps.sandboxWords(template).map(words -> "# sandbox: " + steps.sandboxPolicy().describe()
                + "; each tool step runs as " + ShellQuote.join(words) + " <its command>, its own directory in place"
                + " of " + Plan.TEMPLATE_SUBGRAPH + " (the work directory for a once-per-compile step), shown read-only"
                + " besides only the work directory's files of the artifacts its job consumes (--ro-bind-try each)")
                .orElse("# sandbox: " + steps.sandboxPolicy().describe() + "; tool steps run unsandboxed");
    }

    /** The job's steps on {@code state}'s inputs, built but not run (for {@code -###}). */
    List<PlanStep> plan(RegisteredJob registered, JobState state, SubgraphRunner runner) {
        return inJobScope(registered, state, runner, (job, context) -> {
            JobDeclaration declaration = registered.declaration();
            List<PlanStep> steps = new ArrayList<>();
            if (job instanceof NativeJob nativeJob) {
                for (Subgraph input : nativeJob.stepInputs(state)) {
                    steps.add(PlanStep.ofCommand(nativeJob.command(input, state, context), subgraphOf(declaration, input),
                            declaration));
                }
            } else {
                inProcessInputs(declaration, state).forEach(input -> steps.add(PlanStep.inProcess(declaration, input)));
            }
            return steps;
        });
    }

    /** Runs the job's steps and records each in the state; tells the step events of the job and each step. */
    CompileResult.JobTiming run(RegisteredJob registered, JobState state, SubgraphRunner runner) {
        long start = System.nanoTime();
        launcher.sandboxPolicy().probeInBackground(); // not for a plan or a cache hit, which run no tool
        running.enter(registered);
        JobStart started = events.jobStarted(registered.name());
        Optional<String> failure = Optional.of("interrupted");
        try {
            inJobScope(registered, state, runner, (job, context) -> {
                LOG.info("Running job {} ({}) from {}", registered.name(), registered.declaration().kind().label(),
                        registered.info().jarName());
                JobDeclaration declaration = registered.declaration();
                if (job instanceof NativeJob nativeJob) {
                    Consumer<Subgraph> step = input -> runToolStep(nativeJob, declaration, input, state, context);
                    List<Subgraph> inputs = nativeJob.stepInputs(state);
                    if (declaration.perSubgraph()) {
                        runner.forEach(registered.name(), inputs, step);
                    } else {
                        inputs.forEach(step);
                    }
                } else {
                    events.inProcess(registered.name(), "", PlanStep.inProcess(declaration, "").action(),
                            () -> StepOutputs.of(declaration.produces(), Optional.empty(), state),
                            () -> job.run(state, context));
                    inProcessInputs(declaration, state).forEach(input -> state.recordStep(PlanStep.inProcess(declaration,
                            input)));
                }
                return null;
            });
            failure = Optional.empty();
            long millis = (System.nanoTime() - start) / 1_000_000;
            LOG.info("Job {} finished in {} ms", registered.name(), millis);
            return new CompileResult.JobTiming(registered.name(), millis);
        } catch (RuntimeException | Error e) {
            failure = Optional.of(StepEvents.message(e));
            throw e;
        } finally {
            events.jobFinished(started, failure);
            running.leave(registered);
        }
    }

    /** One step of a native job: its command run through the job's launcher, told to the step events. */
    private void runToolStep(NativeJob nativeJob, JobDeclaration declaration, Subgraph input, JobState state,
            HostJobContext context) {
        Command command = nativeJob.command(input, state, context);
        String subgraph = subgraphOf(declaration, input);
        PlanStep planned = PlanStep.ofCommand(command, subgraph, declaration);
        ProcessResult result = events.tool(declaration.name(), subgraph, planned.action(),
                planned.replayScript().orElseThrow(), StepOutputs.of(declaration.produces(), Optional.of(input), state),
                () -> context.launcher().run(command));
        state.recordStep(PlanStep.ofCommand(result.command(), subgraph, declaration));
    }

    private static List<String> inProcessInputs(JobDeclaration declaration, JobState state) {
        return declaration.perSubgraph() ? state.inputs().stream().map(Subgraph::name).toList() : List.of("");
    }

    private static String subgraphOf(JobDeclaration declaration, Subgraph input) {
        return declaration.perSubgraph() ? input.name() : "";
    }

    /** Creates the job and calls {@code body} in its plugin's scope; plugin failures become one line. */
    private <T> T inJobScope(RegisteredJob registered, JobState state, SubgraphRunner runner,
            BiFunction<Job, HostJobContext, T> body) {
        try (JobThreadScope scope = JobThreadScope.enter(registered)) {
            Job job = registry.job(registered.name());
            HostJobContext context = new HostJobContext(registered.name(), launcherFor(registered, state),
                    request.optionsOf(registered.name()), runner);
            return body.apply(job, context);
        } catch (ChildProcessException e) {
            throw new NamedJobException("job " + registered.name() + " failed: " + e.getMessage(), e);
        } catch (InvalidInputException | NamedJobException e) {
            throw e;
        } catch (SystemExitError e) {
            throw new NamedJobException("job " + registered.name() + " (" + registered.info().jarName() + ") called "
                    + e.getMessage() + ", which would have ended the driver; the compile fails instead"
                    + where(e), e);
        } catch (JobException e) {
            // the job's own words, said of the job (docs/writing-a-job.md promises the name)
            throw new NamedJobException("job " + registered.name() + " (" + registered.info().jarName() + ") failed: "
                    + StepEvents.message(e), e);
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
        }
    }

    /** The launcher of the job's steps: its plugin's tools found, each step shown only what the job consumes. */
    private ProcessLauncher launcherFor(RegisteredJob job, JobState state) {
        return toolsOf(job).withDeclaredInputs(DeclaredInputs.of(job.declaration(), state));
    }

    private ProcessLauncher toolsOf(RegisteredJob job) {
        return launcher.forPlugin(job.plugin().loader().bundledToolsDir()).forCompile(request.workDir());
    }

    /** Where plugin code made the call {@code e} stands for, e.g. {@code " at ExitJob.java:6"}, or empty. */
    private static String where(SystemExitError e) {
        for (StackTraceElement frame : e.getStackTrace()) {
            if (!frame.getClassName().equals(SystemExitError.class.getName()) && frame.getFileName() != null) {
                return " (at " + frame.getFileName() + ":" + frame.getLineNumber() + ")";
            }
        }
        return "";
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

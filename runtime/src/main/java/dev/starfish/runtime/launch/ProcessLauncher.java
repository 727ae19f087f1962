package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.Launcher;
import dev.starfish.api.ProcessResult;
import dev.starfish.runtime.sandbox.SandboxPolicy;
import dev.starfish.runtime.sandbox.SandboxProbe;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.util.Supplier;

/**
 * The host's one {@link Launcher}: resolves tools with a {@link ToolResolver} and runs every
 * command under {@code starfish-exec}, which puts the tool in its own process group, applies the
 * CPU and wall-clock limits, kills the whole group when the tool ends, times out, or the JVM dies
 * (a pipe only the JVM holds is its lifeline), and reports how the tool ended. By default one
 * {@link SpawnServer} ({@code starfish-exec --server}, started at the first run; the launcher's
 * own, or a {@link SharedSpawnServer}) starts every tool; with {@link LauncherSettings#spawnServer()}
 * false each tool gets its own shim process
 * ({@link ShimStarter}).
 *
 * <p>Thread-safe, no static mutable state, never changes the JVM's working directory. At most
 * {@link LauncherSettings#maxConcurrentProcesses()} tools run at once; further runs wait. Output
 * is read by the shared, bounded {@link OutputPumps}. A command without a wall-clock limit gets
 * its job's from {@link LauncherSettings#timeouts()}. Interrupting a thread in {@link #run} kills
 * the tool's process group, restores the interrupt flag and throws a {@link RunInterruptedException};
 * {@link #stopAll} does the same for every running tool (the compile's shutdown hook). Close the
 * launcher built from settings when the host shuts down.
 */
public final class ProcessLauncher implements Launcher, AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(ProcessLauncher.class);

    private final LauncherSettings settings;
    private final ToolResolver resolver;
    private final Semaphore processSlots;
    private final OutputPumps pumps;
    private final ReportFiles reports;
    private final RunningTools running;
    private final ToolStarter starter;
    private final SpawnServer server;
    private final boolean ownsServer;
    private final ToolEnvironment environment;
    private final StepSandbox sandbox;

    /** A launcher with its own process slots and pump threads, its tools in the JVM's environment. */
    public ProcessLauncher(LauncherSettings settings, ToolResolver resolver) {
        this(settings, resolver, ToolEnvironment.ofJvm());
    }

    /** A launcher with its own process slots and pump threads, its tools in {@code environment}. */
    public ProcessLauncher(LauncherSettings settings, ToolResolver resolver, ToolEnvironment environment) {
        this(settings, resolver, environment, probeOf(environment));
    }

    /** Likewise, asking {@code probe} (the host's, asked once) whether its compiles' tool steps can be sandboxed. */
    public ProcessLauncher(LauncherSettings settings, ToolResolver resolver, ToolEnvironment environment,
            SandboxProbe probe) {
        this(requireNonNull(settings, "settings is null"), resolver, environment,
                new SpawnServer(settings.shim(), settings.defaultGrace()), true, probe);
    }

    /**
     * A launcher with its own process slots, pump threads and running tools, its tools in
     * {@code environment}, started on {@code shared} (when {@link LauncherSettings#spawnServer()}):
     * {@link #stopAll} stops only this launcher's tools and {@link #close} leaves the server running.
     */
    public ProcessLauncher(LauncherSettings settings, ToolResolver resolver, ToolEnvironment environment,
            SharedSpawnServer shared) {
        this(settings, resolver, environment, shared, probeOf(environment));
    }

    /** Likewise, asking {@code probe} (the host's, asked once) whether its compiles' tool steps can be sandboxed. */
    public ProcessLauncher(LauncherSettings settings, ToolResolver resolver, ToolEnvironment environment,
            SharedSpawnServer shared, SandboxProbe probe) {
        this(requireNonNull(settings, "settings is null"), resolver, environment,
                requireNonNull(shared, "shared is null").serverFor(settings), false, probe);
    }

    private ProcessLauncher(LauncherSettings settings, ToolResolver resolver, ToolEnvironment environment,
            SpawnServer server, boolean ownsServer, SandboxProbe probe) {
        this(settings, resolver, new Semaphore(settings.maxConcurrentProcesses(), true),
                new OutputPumps(settings.maxConcurrentProcesses()), new ReportFiles(settings.reportDir()),
                new RunningTools(), server, ownsServer, environment,
                StepSandbox.of(new SandboxPolicy(settings.sandbox(), probe)));
    }

    private ProcessLauncher(LauncherSettings settings, ToolResolver resolver, Semaphore processSlots, OutputPumps pumps,
            ReportFiles reports, RunningTools running, SpawnServer server, boolean ownsServer,
            ToolEnvironment environment, StepSandbox sandbox) {
        this.settings = settings;
        this.resolver = requireNonNull(resolver, "resolver is null");
        this.processSlots = processSlots;
        this.pumps = pumps;
        this.reports = reports;
        this.running = running;
        this.server = server;
        this.ownsServer = ownsServer;
        this.starter = settings.spawnServer() ? server.starterFor(environment)
                : new ShimStarter(settings.shim(), pumps, reports, environment);
        this.environment = environment;
        this.sandbox = sandbox;
    }

    private static SandboxProbe probeOf(ToolEnvironment environment) {
        return new SandboxProbe(environment.variables().get("PATH"));
    }

    /** The launcher of a distribution: default settings for {@code home} and the resolver {@code private, bin}. */
    public static ProcessLauncher forHome(Path home) {
        return new ProcessLauncher(LauncherSettings.forHome(home), ToolResolver.forHome(home, Optional.empty()));
    }

    /**
     * The launcher a plugin's jobs see: the same slots, pumps, reports and running tools, with the plugin's
     * bundled tools searched between {@code private} and {@code bin}. {@link #stopAll} or {@link #close} on
     * any of them stops them all; close only the launcher built from settings.
     */
    public ProcessLauncher forPlugin(Optional<Path> pluginToolsDir) {
        return sharing(resolver.withPluginToolsDir(pluginToolsDir), sandbox);
    }

    /**
     * The same launcher for the tool steps of the compile whose work directory is {@code workDir}:
     * each runs in the sandbox {@link #sandboxPolicy()} allows, shown that directory read-only (until {@link
     * #withDeclaredInputs}) and its own working directory writable (docs/isolation.md); shares as {@link #forPlugin}.
     */
    public ProcessLauncher forCompile(Path workDir) {
        return sharing(resolver, sandbox.forWorkDir(workDir));
    }

    /** The same for one job's steps: each is shown, of the work directory, only {@code declared} (absolute), read-only. */
    public ProcessLauncher withDeclaredInputs(List<Path> declared) {
        return sharing(resolver, sandbox.withInputs(declared));
    }

    private ProcessLauncher sharing(ToolResolver tools, StepSandbox steps) {
        return new ProcessLauncher(settings, tools, processSlots, pumps, reports, running, server, ownsServer,
                environment, steps);
    }

    /** The {@code bwrap} words a compile's step in {@code stepDir} runs after; empty when steps run unsandboxed. */
    public Optional<List<String>> sandboxWords(Path stepDir) {
        return sandbox.wordsFor(stepDir, settings.home(), resolver.searchPath());
    }

    /** Whether this launcher's compile steps run sandboxed ({@code launcher.sandbox} against this host). */
    public SandboxPolicy sandboxPolicy() {
        return sandbox.policy();
    }

    public LauncherSettings settings() {
        return settings;
    }

    public ToolResolver resolver() {
        return resolver;
    }

    @Override
    public Path resolve(String toolName) {
        return resolver.resolve(toolName);
    }

    /** Where {@code toolName} resolves from, for {@code starfish jobs}. */
    public ResolvedTool locate(String toolName) {
        return resolver.locate(toolName);
    }

    @Override
    public ProcessResult run(Command command) {
        requireNonNull(command, "command is null");
        Command resolved = CommandPreparation.withResolvedProgram(
                CommandPreparation.withDefaultTimeout(command, settings.timeouts()), resolver);
        Optional<String> stopped = running.stopReason();
        if (stopped.isPresent()) {
            throw RunInterruptedException.notStarted(resolved.job(), ": " + stopped.get(), CommandPreparation.toolName(resolved));
        }
        CommandPreparation.requireShim(settings.shim());
        Command executed = sandbox.executed(resolved, settings.home(), resolver.searchPath());
        Path replay = ReplayScriptWriter.write(resolved, executed);
        LOG.info("Executing {}", resolved.toShellLine());
        if (executed != resolved) {
            LOG.info("In its sandbox: {}", executed.toShellLine());
        }
        LOG.info("Working directory is {}", resolved.workingDir());
        LOG.info("Replay this job by calling: {}", replay);
        ProcessResult result = runInSlot(resolved, executed, replay);
        LOG.info("{} ended: {}", () -> CommandPreparation.toolName(resolved), result::summary);
        if (resolved.propagateExit() && !result.success()) {
            throw new ChildProcessException(FailureMessage.of(result, executed != resolved), result);
        }
        return result;
    }

    private ProcessResult runInSlot(Command command, Command executed, Path replay) {
        String tool = CommandPreparation.toolName(command);
        acquireSlot(command, tool);
        ToolExecution execution = new ToolExecution(command, executed, replay);
        try {
            Optional<String> stopped = running.admit(execution);
            if (stopped.isPresent()) {
                throw RunInterruptedException.notStarted(command.job(), ": " + stopped.get(), tool);
            }
            ProcessResult result = execution.run(starter, outputLog(command, tool, "stdout"),
                    outputLog(command, tool, "stderr"), settings.defaultGrace());
            if (execution.interrupted() || (execution.stopRequested() && !result.success())) {
                String reason = execution.stopRequested()
                        ? ": " + running.stopReason().orElse("the launcher stopped") : "";
                if (result.status().kind() == ExitStatus.Kind.FAILED_TO_START) {
                    throw RunInterruptedException.notStarted(command.job(), reason, tool);
                }
                throw RunInterruptedException.killed(command.job(), reason, tool, result.status().describe());
            }
            return result;
        } finally {
            running.finished(execution);
            processSlots.release();
        }
    }

    private void acquireSlot(Command command, String tool) {
        try {
            processSlots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RunInterruptedException.notStarted(command.job(), " while waiting for a free process slot", tool);
        }
    }

    private Consumer<String> outputLog(Command command, String tool, String stream) {
        Level level = command.useLogger() ? Level.INFO : Level.DEBUG;
        if (!LOG.isEnabled(level)) {
            return line -> { };
        }
        OutputPrefix prefix = settings.outputPrefix();
        return line -> LOG.log(level, prefix.apply(tool, stream, line));
    }

    /**
     * Stops every tool this launcher and its plugin launchers run, for a compile that is being
     * interrupted: no further tool starts; each running tool's process group gets SIGTERM, then
     * SIGKILL after the grace time (through its supervisor, as for a timeout); the call returns once
     * the tools are gone and the job threads have read their results (each of them then throws a
     * {@link RunInterruptedException} naming {@code reason}), at the latest after grace + 5 s,
     * and the report directory is deleted. Idempotent; the first reason is kept; safe from a JVM
     * shutdown hook while job threads wait on their tools.
     *
     * @param reason why, as the job threads' exceptions will say it, e.g. {@code the compile received SIGTERM}
     */
    public void stopAll(String reason) {
        requireNonNull(reason, "reason is null");
        List<ToolExecution> inFlight = running.stop(reason);
        if (!inFlight.isEmpty()) {
            // INFO, for the log file: whoever stops the compile tells the user, in one line
            LOG.info("Stopping {} running tool(s): {}", inFlight.size(), reason);
        }
        inFlight.forEach(ToolExecution::stop);
        long deadline = System.nanoTime() + settings.defaultGrace().toNanos()
                + ToolExecution.SUPERVISOR_EXIT_MARGIN.toNanos();
        inFlight.forEach(execution -> execution.awaitExit(deadline));
        try {
            running.awaitNone(deadline + ShimStarter.DRAIN.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reports.close();
    }

    /**
     * {@link #stopAll stopAll("the launcher was closed")}, then ends the spawn server (unless it is
     * a {@link SharedSpawnServer}) and the output pump threads. Idempotent.
     */
    @Override
    public void close() {
        stopAll("the launcher was closed");
        if (ownsServer) {
            server.close();
        }
        pumps.close();
    }

    @Override
    public String toString() {
        return "ProcessLauncher[shim=" + settings.shim() + (settings.spawnServer() ? " --server" : "") + ", slots="
                + settings.maxConcurrentProcesses() + ", " + resolver + "]";
    }
}

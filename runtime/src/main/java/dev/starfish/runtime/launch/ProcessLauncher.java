package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.ChildProcessException;
import dev.starfish.api.Command;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import dev.starfish.api.Launcher;
import dev.starfish.api.ProcessResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The host's one {@link Launcher}: resolves tools with a {@link ToolResolver} and runs every
 * command through the {@code starfish-exec} shim, which puts the tool in its own process group,
 * applies the CPU and wall-clock limits, kills the whole group when the tool ends, times out,
 * or the JVM dies (the shim's stdin is its lifeline), and reports how the tool ended.
 *
 * <p>Thread-safe, no static mutable state, never changes the JVM's working directory. At most
 * {@link LauncherSettings#maxConcurrentProcesses()} tools run at once; further runs wait. Output
 * is read by the shared, bounded {@link OutputPumps}. Interrupting a thread in {@link #run} kills
 * the tool's process group, restores the interrupt flag and throws a {@link JobException}.
 * Close the launcher built from settings when the host shuts down.
 */
public final class ProcessLauncher implements Launcher, AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(ProcessLauncher.class);

    private final LauncherSettings settings;
    private final ToolResolver resolver;
    private final Semaphore processSlots;
    private final OutputPumps pumps;
    private final ReportFiles reports;

    /** A launcher with its own process slots and pump threads. */
    public ProcessLauncher(LauncherSettings settings, ToolResolver resolver) {
        this(requireNonNull(settings, "settings is null"), resolver, new Semaphore(settings.maxConcurrentProcesses(), true),
                new OutputPumps(settings.maxConcurrentProcesses()), new ReportFiles(settings.reportDir()));
    }

    private ProcessLauncher(LauncherSettings settings, ToolResolver resolver, Semaphore processSlots, OutputPumps pumps,
            ReportFiles reports) {
        this.settings = settings;
        this.resolver = requireNonNull(resolver, "resolver is null");
        this.processSlots = processSlots;
        this.pumps = pumps;
        this.reports = reports;
    }

    /**
     * The launcher of a distribution: default settings for {@code home} and the resolver
     * {@code private, bin}.
     */
    public static ProcessLauncher forHome(Path home) {
        return new ProcessLauncher(LauncherSettings.forHome(home), ToolResolver.forHome(home, Optional.empty()));
    }

    /**
     * The launcher a plugin's jobs see: the same process slots and pump threads, with the
     * plugin's bundled tools directory searched between {@code private} and {@code bin}.
     */
    public ProcessLauncher forPlugin(Optional<Path> pluginToolsDir) {
        return new ProcessLauncher(settings, resolver.withPluginToolsDir(pluginToolsDir), processSlots, pumps,
                reports);
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
        Command resolved = withResolvedProgram(command);
        checkEnvironment(resolved);
        checkShim();
        Path replay = ReplayScriptWriter.write(resolved);
        LOG.info("Executing {}", resolved.toShellLine());
        LOG.info("Working directory is {}", resolved.workingDir());
        LOG.info("Replay this job by calling: {}", replay);
        ProcessResult result = runInSlot(resolved, replay);
        LOG.info("{} {}", toolName(resolved), result.summary());
        if (resolved.propagateExit() && !result.success()) {
            throw new ChildProcessException(FailureMessage.of(result), result);
        }
        return result;
    }

    private ProcessResult runInSlot(Command command, Path replay) {
        try {
            processSlots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobException("Job \"" + command.job() + "\" was interrupted while waiting for a free process slot;"
                    + " its tool was not started");
        }
        Path report = null;
        try {
            report = reports.next();
            List<String> shimArgv = ShimCommandLine.of(settings.shim(), command, settings.defaultGrace(), report);
            ToolExecution execution = new ToolExecution(command, shimArgv, report, replay);
            String tool = toolName(command);
            ProcessResult result = execution.run(pumps, outputLog(command, tool, "stdout"),
                    outputLog(command, tool, "stderr"), settings.defaultGrace());
            if (execution.interrupted()) {
                throw new JobException("Job \"" + command.job() + "\" was interrupted; the process group of " + tool
                        + " was killed (" + result.status().describe() + ")");
            }
            return result;
        } finally {
            if (report != null) {
                ToolExecution.deleteQuietly(report);
            }
            processSlots.release();
        }
    }

    private Consumer<String> outputLog(Command command, String tool, String stream) {
        Level level = command.useLogger() ? Level.INFO : Level.DEBUG;
        if (!LOG.isEnabled(level)) {
            return line -> { };
        }
        String prefix = settings.outputPrefix().prefix(tool, stream);
        return prefix.isEmpty() ? line -> LOG.log(level, line) : line -> LOG.log(level, prefix + line);
    }

    /** A bare program name is resolved like {@link #resolve}; the shim runs absolute paths only. */
    private Command withResolvedProgram(Command command) {
        String program = command.argv().get(0);
        if (command.useShell() || Path.of(program).isAbsolute()) {
            return command;
        }
        List<String> argv = new ArrayList<>(command.argv());
        argv.set(0, resolver.resolve(program).toString());
        return new Command(command.job(), command.replayName(), argv, command.workingDir(), command.envOverrides(),
                command.envRemovals(), command.useShell(), command.exposeStderr(), command.propagateExit(),
                command.useLogger(), command.timeout(), command.cpuLimitSeconds(), command.headLines(),
                command.tailLines());
    }

    private static void checkEnvironment(Command command) {
        for (Map.Entry<String, String> entry : command.envOverrides().entrySet()) {
            checkVariableName(command, entry.getKey());
            if (entry.getValue().indexOf('\0') >= 0) {
                throw new InvalidInputException("environment variable " + entry.getKey() + " of job " + command.job()
                        + " has a value containing a NUL byte, which exec cannot pass");
            }
        }
        command.envRemovals().forEach(name -> checkVariableName(command, name));
    }

    private static void checkVariableName(Command command, String name) {
        if (name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
            throw new InvalidInputException("environment variable name '" + name.replace("\0", "\\0") + "' of job "
                    + command.job() + " is invalid: expected a non-empty name without '=' or NUL");
        }
    }

    private void checkShim() {
        Path shim = settings.shim();
        if (!Files.isRegularFile(shim) || !Files.isExecutable(shim)) {
            throw new JobException("The process shim starfish-exec was not found at " + shim + " (expected an"
                    + " executable file there; "
                    + (Files.exists(shim) ? "found a file that is not an executable regular file" : "found nothing")
                    + "). Install the distribution completely or build it with 'make -C starfish-bin all'.");
        }
    }

    private static String toolName(Command command) {
        List<String> argv = command.argv();
        if (command.useShell()) {
            return "bash";
        }
        Path file = Path.of(argv.get(0)).getFileName();
        return file == null ? argv.get(0) : file.toString();
    }

    @Override
    public void close() {
        pumps.close();
        reports.close();
    }

    @Override
    public String toString() {
        return "ProcessLauncher[shim=" + settings.shim() + ", slots=" + settings.maxConcurrentProcesses() + ", "
                + resolver + "]";
    }
}

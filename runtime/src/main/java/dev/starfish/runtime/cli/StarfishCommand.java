package dev.starfish.runtime.cli;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.invocation.Invocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The root command: global options and the list of subcommands, nothing else. */
@Command(name = "starfish", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "A compiler driver whose jobs are isolated plugins.",
        footer = {"", "Exit codes: 0 success, 1 a job failed, 2 usage error or invalid input, 128+N stopped by signal N"
                + " (130 Ctrl-C, 143 SIGTERM), 134 the driver crashed in native code (see the crash report it names).",
                "Environment: STARFISH_HOME overrides the installation directory."})
public final class StarfishCommand implements Callable<Integer> {

    /**
     * The subcommands, in the order help lists them. Not in {@code @Command(subcommands)}: Picocli
     * inspects every registered command class when the command line is made, which was half of a
     * {@code jobs} start-up, so {@link StarfishCli} registers only the one a command line names.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(JobsCommand.class, CompileCommand.class, BatchCommand.class,
            PluginsCommand.class, PipelineCommand.class, InspectCommand.class, ReplayCommand.class, CleanCommand.class, DoctorCommand.class, CacheCommand.class,
            ServerCommand.class, GenerateCompletionCommand.class, ManPagesCommand.class, HelpCommand.class);

    @Spec
    private CommandSpec spec;

    // set once, when a command takes this model (CommandModels may make it before the command arrives)
    private Invocation invocation;
    private CommandServices services;
    private CommandStreams streams;

    @Option(names = "--plugins-dir", paramLabel = "DIR", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Directory of job plugin jars, instead of the plugin path (default: plugins.path of "
                    + "conf/starfish.properties, else $STARFISH_HOME/plugins, then starfish/plugins in "
                    + "$XDG_DATA_HOME when it exists).")
    Path pluginsDir;

    @Option(names = "--reject-jobs", paramLabel = "JOB", split = ",", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Jobs not to load, in addition to rejected.jobs of conf/starfish.properties.")
    List<String> rejectJobs = new ArrayList<>();

    StarfishCommand() {
    }

    /** Binds this model to the command it runs for; a model serves one command only. */
    void bind(Invocation invocation, CommandStreams streams, CommandServices services) {
        if (this.invocation != null) {
            throw new IllegalStateException("this command line already serves another command");
        }
        this.invocation = requireNonNull(invocation, "invocation is null");
        this.streams = requireNonNull(streams, "streams is null");
        this.services = requireNonNull(services, "services is null");
    }

    /** The invocation the command of {@code spec} (any subcommand of a command line) runs for. */
    static Invocation invocation(CommandSpec spec) {
        return ((StarfishCommand) spec.root().userObject()).invocation;
    }

    /** The services of the caller of the command of {@code spec}. */
    static CommandServices services(CommandSpec spec) {
        return ((StarfishCommand) spec.root().userObject()).services;
    }

    /** The console of the command of {@code spec}. */
    static CommandStreams streams(CommandSpec spec) {
        return ((StarfishCommand) spec.root().userObject()).streams;
    }

    /** {@code starfish} without a subcommand is a usage error. */
    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command: expected one of "
                + String.join(", ", spec.subcommands().entrySet().stream()
                        .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden()).map(Map.Entry::getKey)
                        .toList()));
    }

    /** The global options as a value for the host. */
    HostOptions hostOptions() {
        return new HostOptions(invocation, services.hosts(), pluginsDir, rejectJobs);
    }
}

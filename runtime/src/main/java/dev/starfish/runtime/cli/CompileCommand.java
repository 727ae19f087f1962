package dev.starfish.runtime.cli;

import dev.starfish.runtime.compile.Compilation;
import dev.starfish.runtime.compile.CompileRequest;
import dev.starfish.runtime.compile.CompileResult;
import dev.starfish.runtime.compile.PipelinePlan;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.launch.LauncherSettings;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.launch.ToolResolver;
import dev.starfish.runtime.config.StarfishProperties;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code starfish compile MODEL}: runs the pipeline and writes a verified {@code .neff}. */
@Command(name = "compile", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compile an HLO model into a .neff.",
                "Paths are resolved against the directory starfish was started in."})
final class CompileCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "The HLO text model to compile.")
    String model;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "The .neff to write (default: MODEL's name with .neff).")
    String output;

    @Option(names = "--workdir", paramLabel = "DIR", description = "Work directory holding sgNN/ (default: MODEL's name with .work).")
    String workDir;

    @Option(names = "--logfile", paramLabel = "FILE", defaultValue = "log-starfish.txt",
            description = "This compile's log file (default: ${DEFAULT-VALUE}).")
    String logFile;

    /** Applied before parsing by {@link EarlyArguments}, since logging starts while the plugins load; declared here for validation and help. */
    @Option(names = "--verbose", paramLabel = "LEVEL",
            description = "Console log level: debug, info, warning or error (default: warning).")
    Verbosity verbosity;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1",
            description = "Compile up to N independent subgraphs in parallel (default: ${DEFAULT-VALUE}).")
    int parallelism;

    @Option(names = "--pipeline", paramLabel = "JOB", split = ",", arity = "1..*",
            description = "Run exactly these jobs, in this order, instead of the default pipeline.")
    List<String> pipeline;

    @Option(names = "--enable-experimental-backend", description = "Add the experimental Backend job (needs nn_executor).")
    boolean experimentalBackend;

    @Option(names = "-###", description = "Print the commands that would run, in replay form, and run nothing.")
    boolean dryRun;

    private Host host;
    private final JobOptionBinder binder = new JobOptionBinder();

    /** Attaches the host whose jobs contribute options; called before parsing. */
    void attach(Host newHost) {
        this.host = newHost;
        binder.register(spec, newHost.registry());
    }

    @Override
    public Integer call() {
        if (host == null) {
            throw new IllegalStateException("no host attached to the compile command");
        }
        if (parallelism < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--jobs expects at least 1, found " + parallelism);
        }
        Path launchDir = Path.of("").toAbsolutePath();
        Path modelPath = launchDir.resolve(model).normalize();
        String stem = modelPath.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        var parsed = spec.commandLine().getParseResult();
        boolean watchpoints = JobOptionBinder.given(parsed, "--watchpoint");
        List<String> jobs = pipeline != null ? pipeline : PipelinePlan.defaultPipeline(experimentalBackend, watchpoints);
        CompileRequest request = new CompileRequest(modelPath,
                launchDir.resolve(output != null ? output : stem + ".neff").normalize(),
                launchDir.resolve(workDir != null ? workDir : stem + ".work").normalize(),
                launchDir.resolve(logFile).normalize(), launchDir, jobs, parallelism, dryRun, binder.values(parsed));
        PrintWriter out = spec.commandLine().getOut();
        try (ProcessLauncher launcher = newLauncher()) {
            CompileResult result = new Compilation(host.registry(), launcher, request, out).run();
            if (!dryRun) {
                out.printf("Compiled %s -> %s (%d subgraph%s, %d ms); log: %s%n", model, result.output(),
                        result.subgraphs(), result.subgraphs() == 1 ? "" : "s", result.wallMillis(), request.logFile());
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private ProcessLauncher newLauncher() {
        StarfishProperties properties = host.properties();
        LauncherSettings settings = LauncherSettings.forHome(host.home().root())
                .withMaxConcurrentProcesses((int) properties.integer(StarfishProperties.MAX_CONCURRENT_SPAWNS, 8))
                .withDefaultGrace(Duration.ofMillis(properties.integer(StarfishProperties.KILL_GRACE_MILLIS, 2000)));
        return new ProcessLauncher(settings, ToolResolver.forHome(host.home().root(), Optional.empty()));
    }
}

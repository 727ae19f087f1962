package dev.starfish.runtime.cli;

import dev.starfish.runtime.cache.CacheOutcome;
import dev.starfish.runtime.cache.CompileCache;
import dev.starfish.runtime.compile.Compilation;
import dev.starfish.runtime.compile.CompileInterruptedException;
import dev.starfish.runtime.compile.CompileRequest;
import dev.starfish.runtime.compile.CompileResult;
import dev.starfish.runtime.compile.InputLimits;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.log.ConsoleText;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.invocation.Cancellation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code starfish compile MODEL}: runs the pipeline and writes a verified {@code .neff}. */
@Command(name = "compile", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compile an HLO model into a .neff.",
                "Paths are resolved against the directory starfish was started in."})
final class CompileCommand implements Callable<Integer> {

    static final String DEFAULT_LOG = "log-starfish.txt";

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "The HLO text model to compile.")
    String model;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "The .neff to write (default: the model's name with .neff).")
    String output;

    @Option(names = "--workdir", paramLabel = "DIR",
            description = "Work directory holding sgNN/ (default: the model's name with .work). "
                    + "Must be new, empty or made by starfish.")
    String workDir;

    @Option(names = "--logfile", paramLabel = "FILE",
            description = "This compile's log file (default: " + DEFAULT_LOG + " in the work directory, linked from "
                    + "the current directory).")
    String logFile;

    @Mixin
    LoggingOptions logging;

    @Mixin
    CacheOptions cacheOptions;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", defaultValue = "1",
            description = "Compile up to N independent subgraphs in parallel (default: ${DEFAULT-VALUE}).")
    int parallelism;

    @Option(names = "--pipeline", paramLabel = "JOB[,JOB...]",
            description = "Run exactly these jobs, in this order, instead of the pipeline of conf/starfish.properties "
                    + "(one value, comma-separated).")
    String pipeline;

    @Option(names = "-###", description = "Print the plan, one line per step (native commands in replay form), and run "
            + "nothing, create nothing.")
    boolean dryRun;

    @Mixin
    AttachedHost attached;

    @Override
    public Integer call() {
        Host host = attached.host();
        if (parallelism < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs expects a number of at least 1, found " + parallelism);
        }
        var parsed = spec.commandLine().getParseResult();
        List<String> jobs = attached.pipeline(pipeline, parsed);
        CompileRequest request = request(jobs, parsed, InputLimits.of(host.properties()));
        PrintWriter out = spec.commandLine().getOut();
        Invocation invocation = StarfishCommand.invocation(spec);
        CommandStreams streams = StarfishCommand.streams(spec);
        try (ProcessLauncher launcher = host.newLauncher(invocation.environment())) {
            CompileCache cache = dryRun ? cacheOptions.openForPlan(host, invocation) : cacheOptions.open(host, invocation);
            CompileResult result;
            try (CompileProgress progress = CompileProgress.choose(out, logging, dryRun, invocation, streams)) {
                result = new Compilation(host.registry(), launcher, request, out, cache, progress.listener(),
                        StarfishCommand.services(spec).driverStart().get()).run(invocation.cancellation(), streams.errStream());
            }
            if (!dryRun) {
                out.println(ConsoleText.line(summary(result, request)));
            }
        } catch (CompileInterruptedException e) {
            return Cancellation.exitCode(e.signal());
        }
        out.flush();
        return ExitCodes.OK;
    }

    private CompileRequest request(List<String> jobs, picocli.CommandLine.ParseResult parsed, InputLimits limits) {
        Path launchDir = StarfishCommand.invocation(spec).workingDirectory();
        Path modelPath = launchDir.resolve(model).normalize();
        String stem = modelPath.getFileName() == null ? "model"
                : modelPath.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path work = launchDir.resolve(workDir != null ? workDir : stem + ".work").normalize();
        Path log = logFile != null ? launchDir.resolve(logFile).normalize() : work.resolve(DEFAULT_LOG);
        Optional<Path> link = logFile == null ? Optional.of(launchDir.resolve(DEFAULT_LOG)) : Optional.empty();
        return new CompileRequest(modelPath, launchDir.resolve(output != null ? output : stem + ".neff").normalize(),
                work, log, link, launchDir, jobs, parallelism, dryRun, attached.optionValues(parsed), VersionProvider.version(),
                limits, StarfishCommand.invocation(spec).umask());
    }

    private String summary(CompileResult result, CompileRequest request) {
        if (result.cache() == CacheOutcome.HIT && result.output().isPresent()) {
            return String.format("Compiled %s -> %s (cache hit, %d ms); log: %s", model, result.output().get(),
                    result.wallMillis(), request.logFile());
        }
        String subgraphs = result.subgraphs() + " subgraph" + (result.subgraphs() == 1 ? "" : "s");
        return result.output()
                .map(neff -> String.format("Compiled %s -> %s (%s, %d ms); log: %s", model, neff, subgraphs,
                        result.wallMillis(), request.logFile()))
                .orElseGet(() -> String.format("Ran %s on %s (%s, %d ms); no output was written (the pipeline does not "
                        + "produce %s); log: %s", String.join(",", request.pipeline()), model, subgraphs,
                        result.wallMillis(), request.output().getFileName(), request.logFile()));
    }
}

package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.batch.BatchConsole;
import dev.starfish.runtime.batch.BatchInputs;
import dev.starfish.runtime.batch.BatchItem;
import dev.starfish.runtime.batch.BatchReporter;
import dev.starfish.runtime.batch.BatchSettings;
import dev.starfish.runtime.batch.LocalBatch;
import dev.starfish.runtime.batch.ReportTarget;
import dev.starfish.runtime.batch.SlurmBatch;
import dev.starfish.runtime.compile.InputLimits;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.launch.ProcessLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** {@code starfish batch MODEL|DIR...}: compiles many models in one driver, or as one Slurm job array. */
@Command(name = "batch", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compile many HLO models in one driver; a failing model does not stop the others.",
                "Each model keeps its own work directory, log file and status. Prints a summary and writes "
                        + "batch-report.json.",
                "Exit 0 when every model compiled, 1 when any did not, 2 for usage errors."})
final class BatchCommand implements Callable<Integer> {

    static final String DEFAULT_REPORT = "batch-report.json";

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "MODEL|DIR",
            description = "HLO models, or directories whose *.hlo are compiled (sorted).")
    List<String> models = new ArrayList<>();

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "1",
            description = "Compile up to N models at once (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", defaultValue = "1",
            description = "Compile up to N independent subgraphs of each model in parallel (default: ${DEFAULT-VALUE}).")
    int subgraphParallelism;

    @Option(names = "--output-dir", paramLabel = "DIR",
            description = "Write every MODEL.neff and MODEL.work/ here (default: next to each model).")
    String outputDir;

    @Option(names = "--report", paramLabel = "FILE",
            description = "The batch report (default: " + DEFAULT_REPORT + " in --output-dir, else the current directory).")
    String report;

    @Option(names = "--recursive", description = "Also take the *.hlo of the directories' subdirectories.")
    boolean recursive;

    @Option(names = "--pipeline", paramLabel = "JOB[,JOB...]",
            description = "Run exactly these jobs, in this order, for every model (as compile --pipeline).")
    String pipeline;

    @Option(names = "--executor", paramLabel = "local|slurm", defaultValue = "local", converter = ExecutorConverter.class,
            completionCandidates = ExecutorConverter.class,
            description = "Where the models compile: local (this driver) or slurm (one Slurm job array; default: "
                    + "${DEFAULT-VALUE}).")
    String executor;

    @Mixin
    CacheOptions cacheOptions;

    @Mixin
    SlurmOptions slurm;

    @Mixin
    LoggingOptions logging;

    @Mixin
    AttachedHost attached;

    @Override
    public Integer call() {
        Host host = attached.host();
        requireAtLeastOne("--parallel", parallel);
        requireAtLeastOne("--jobs", subgraphParallelism);
        ParseResult parsed = spec.commandLine().getParseResult();
        List<String> jobs = attached.pipeline(pipeline, parsed);
        Invocation invocation = StarfishCommand.invocation(spec);
        CommandStreams streams = StarfishCommand.streams(spec);
        Path launchDir = invocation.workingDirectory();
        Optional<Path> outDir = Optional.ofNullable(outputDir).map(d -> launchDir.resolve(d).normalize());
        List<BatchItem> items = BatchInputs.resolve(models.stream().map(m -> launchDir.resolve(m).normalize()).toList(),
                recursive, outDir);
        Path reportFile = report != null ? launchDir.resolve(report).normalize()
                : outDir.orElse(launchDir).resolve(DEFAULT_REPORT);
        ReportTarget.refuseClash(reportFile, items);
        if (Files.isDirectory(reportFile)) {
            throw new InvalidInputException("report " + reportFile + " is a directory; give --report a file name");
        }
        BatchSettings settings = new BatchSettings(jobs, attached.optionValues(parsed), subgraphParallelism, parallel,
                launchDir, VersionProvider.version(), InputLimits.of(host.properties()), invocation.umask());
        BatchConsole console = "local".equals(executor) && !logging.quiet()
                && CompileProgress.onTerminal(logging, invocation)
                ? new BatchConsole(spec.commandLine().getOut(), items.size(), streams.rawStdout(),
                        CompileProgress.columns(invocation))
                : new BatchConsole(spec.commandLine().getOut(), items.size());
        BatchReporter reporter = new BatchReporter(settings.driverVersion(), executor, reportFile, console);
        if ("slurm".equals(executor)) {
            List<String> taskArguments = TaskArguments.of(spec, parsed, outDir, launchDir);
            return new SlurmBatch(host.home().root(), slurm.settings(spec), console, invocation.cancellation(),
                    streams.errStream(), invocation.environment(), invocation.workingDirectory())
                    .run(items, settings, taskArguments, reportFile, reporter);
        }
        if (slurm.anyGiven()) {
            LogManager.getLogger(BatchCommand.class).warn(
                    "the --slurm-* and --sbatch-arg options have no effect without --executor slurm");
        }
        try (ProcessLauncher launcher = host.newLauncher(invocation.environment())) {
            return new LocalBatch(host.registry(), launcher, settings, cacheOptions.open(host, invocation), console,
                    invocation.cancellation(), streams.errStream())
                    .run(items, reporter);
        }
    }

    private void requireAtLeastOne(String option, int value) {
        if (value < 1) {
            throw new ParameterException(spec.commandLine(), option + " expects a number of at least 1, found " + value);
        }
    }

    /** {@code local} or {@code slurm}, in any case. */
    /** The executors by name: the option's converter and its completion candidates. */
    static final class ExecutorConverter implements picocli.CommandLine.ITypeConverter<String>, Iterable<String> {
        private static final List<String> NAMES = List.of("local", "slurm");

        @Override
        public Iterator<String> iterator() {
            return NAMES.iterator();
        }

        @Override
        public String convert(String value) {
            String name = value.toLowerCase(Locale.ROOT);
            if (!NAMES.contains(name)) {
                throw new picocli.CommandLine.TypeConversionException("expected local or slurm, found '" + value + "'");
            }
            return name;
        }
    }
}

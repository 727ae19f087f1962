package dev.starfish.jobs.backend;

import dev.starfish.api.ArtifactSpec;
import dev.starfish.api.Artifacts;
import dev.starfish.api.Command;
import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptionSpec;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobSpec;
import dev.starfish.api.JobState;
import dev.starfish.api.NativeJob;
import dev.starfish.api.ShellQuote;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pf4j.Extension;

/**
 * Experimental: executes each subgraph's BIR on the simulated machine and compares the
 * result with the goldens. As in the seed, it runs one shell script under a CPU limit:
 * <pre>
 * ulimit -t SECONDS &amp;&amp; exec nn_executor --bir model.bir --tensor_map ../tensor_map.json --sunda
 *     --inputs goldens/inputs.bin --goldens goldens/outputs.bin --json backend.json --iterations N
 * </pre>
 * The command also carries {@code cpuLimitSeconds}, so the launcher enforces the limit
 * itself and reports {@code CPU time limit of N s exceeded}. When the compile's plan makes
 * a watchpoint BIR (the Watchpoint job runs), {@code model.wp.bir} is executed and the
 * watched tensors are dumped into {@code watchpoints/}. The job runs only on request:
 * {@code --enable-experimental-backend}, its own option.
 *
 * <p>{@code nn_executor} is not shipped in {@code starfish/bin}; the job fails with
 * {@code Could not find nn_executor} unless a build drops it into {@code private/}.
 */
@Extension
@JobSpec(kind = JobKind.NATIVE, tool = Backend.TOOL, perSubgraph = true,
        consumes = {Artifacts.BIR, Artifacts.GOLDENS, Artifacts.TENSOR_MAP}, produces = Artifacts.BACKEND_REPORT,
        enabledBy = Backend.ENABLE)
@JobOptionSpec(name = Backend.ENABLE, type = JobOption.Type.FLAG,
        description = "Run the experimental Backend job (needs nn_executor).")
@JobOptionSpec(name = Backend.CPU_LIMIT, type = JobOption.Type.INTEGER, paramLabel = "SECONDS",
        description = "CPU-time limit of nn_executor per subgraph, in seconds.", defaultValue = "" + Backend.DEFAULT_CPU_LIMIT)
@JobOptionSpec(name = Backend.ITERATIONS, type = JobOption.Type.INTEGER, paramLabel = "N",
        description = "How many times nn_executor executes each subgraph.", defaultValue = "" + Backend.DEFAULT_ITERATIONS)
@ArtifactSpec(name = Artifacts.BACKEND_REPORT, scope = Artifacts.Scope.SUBGRAPH, files = "backend.json",
        intermediate = false)
public final class Backend extends NativeJob {

    static final String TOOL = "nn_executor";
    static final String CPU_LIMIT = "--backend-cpu-limit";
    static final String ITERATIONS = "--backend-iterations";
    static final String ENABLE = "--enable-experimental-backend";
    static final long DEFAULT_CPU_LIMIT = 600;
    static final long DEFAULT_ITERATIONS = 1;
    /** The golden inputs, then the golden outputs, relative to the subgraph directory. */
    private static final List<String> GOLDENS = Artifacts.of(Artifacts.GOLDENS).files();

    @Override
    protected List<String> argv(Path executable, Subgraph input, JobState state, JobOptions options) {
        int cpuSeconds = positiveInt(options, CPU_LIMIT, DEFAULT_CPU_LIMIT);
        int iterations = positiveInt(options, ITERATIONS, DEFAULT_ITERATIONS);
        return List.of(script(executable, cpuSeconds, iterations, state.isPlanned(Artifacts.WATCHPOINT_BIR)));
    }

    @Override
    protected void configure(Command.Builder command, JobOptions options) {
        command.useShell(true).cpuLimitSeconds(positiveInt(options, CPU_LIMIT, DEFAULT_CPU_LIMIT));
    }

    /**
     * The one shell script the command runs (the seed's {@code ulimit -t <sec> && nn_executor ...});
     * paths are relative to the subgraph directory. Only the soft limit is set: the launcher's
     * shim keeps the hard limit one second higher, so the kernel stops the tool with SIGXCPU,
     * which the launcher reports as the CPU limit, rather than with an anonymous SIGKILL.
     */
    static String script(Path executable, int cpuSeconds, int iterations, boolean watchpoints) {
        List<String> argv = new ArrayList<>(List.of(executable.toString(),
                "--bir", Artifacts.fileName(watchpoints ? Artifacts.WATCHPOINT_BIR : Artifacts.BIR),
                "--tensor_map", "../" + Artifacts.fileName(Artifacts.TENSOR_MAP),
                "--sunda",
                "--inputs", GOLDENS.get(0),
                "--goldens", GOLDENS.get(1),
                "--json", Artifacts.fileName(Artifacts.BACKEND_REPORT),
                "--iterations", Integer.toString(iterations)));
        if (watchpoints) {
            argv.add("--dump-dir");
            argv.add("watchpoints");
        }
        return "ulimit -S -t " + cpuSeconds + " && exec " + ShellQuote.join(argv);
    }

    /** An option's value, which must be a positive integer that fits an {@code int}. */
    static int positiveInt(JobOptions options, String name, long fallback) {
        long value = options.integer(name, fallback);
        if (value <= 0 || value > Integer.MAX_VALUE) {
            throw new InvalidInputException("option " + name + " expects a positive integer up to "
                    + Integer.MAX_VALUE + ", found " + value);
        }
        return (int) value;
    }
}

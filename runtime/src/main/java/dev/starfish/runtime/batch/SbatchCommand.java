package dev.starfish.runtime.batch;

import dev.starfish.api.ShellQuote;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one {@code sbatch} call of a Slurm batch and the script each array task runs: the task
 * reads its share of the models from the batch directory and runs
 * {@code $STARFISH_HOME/bin/starfish batch --executor local} on them with the batch's options,
 * leaving its report next to the manifest. Assumes what a Slurm cluster provides: the same
 * installation path on every node and a shared filesystem.
 */
public final class SbatchCommand {

    public static final String SCRIPT = "task.sh";

    private SbatchCommand() {
    }

    /** {@code sbatch --parsable --array=0-(N-1) ... DIR/task.sh}. */
    public static List<String> argv(SlurmSettings settings, int tasks, Path batchDir, Path launchDir) {
        List<String> argv = new ArrayList<>(List.of("sbatch", "--parsable", "--array=0-" + (tasks - 1),
                "--job-name=starfish-batch", "--chdir=" + launchDir, "--output=" + batchDir.resolve("task-%a.out")));
        settings.partition().ifPresent(p -> argv.add("--partition=" + p));
        settings.time().ifPresent(t -> argv.add("--time=" + t));
        settings.cpusPerTask().ifPresent(c -> argv.add("--cpus-per-task=" + c));
        argv.addAll(settings.sbatchArgs());
        argv.add(batchDir.resolve(SCRIPT).toString());
        return argv;
    }

    /**
     * The array task's script; {@code taskArguments} are the batch's options, passed on to each task.
     * Every value is single-quoted, so no path or option is ever shell syntax; the task's models are
     * read NUL-separated ({@link SlurmManifest}), so a path may hold any character a path can.
     */
    public static String script(Path starfishHome, Path batchDir, List<String> taskArguments) {
        StringBuilder options = new StringBuilder();
        taskArguments.forEach(a -> options.append(' ').append(ShellQuote.quote(a)));
        return "#!/bin/bash\n"
                + "# One array task of a Slurm batch, written by `starfish batch --executor slurm`.\n"
                + "# Compiles this task's share of the models (task-$SLURM_ARRAY_TASK_ID.models) in one driver.\n"
                + "set -u\n"
                + "task=${SLURM_ARRAY_TASK_ID:?not started as a Slurm array task}\n"
                + "dir=" + ShellQuote.quote(batchDir.toString()) + "\n"
                + "home=" + ShellQuote.quote(starfishHome.toString()) + "\n"
                + "mapfile -d '' -t models < \"$dir/task-$task.models\"\n"
                + "exec \"${STARFISH_HOME:-$home}/bin/starfish\" batch --executor local --report \"$dir/task-$task.json\""
                + options + " -- \"${models[@]}\"\n";
    }
}

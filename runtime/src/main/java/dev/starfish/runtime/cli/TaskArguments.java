package dev.starfish.runtime.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The options a Slurm array task's {@code starfish batch} gets: every option the user gave
 * (job options, {@code --pipeline}, {@code -j}, {@code --parallel}, logging, the global
 * {@code --plugins-dir} and {@code --reject-jobs}) as given, except those of the submitter
 * itself (executor, Slurm, report), with {@code --output-dir} made absolute.
 */
final class TaskArguments {

    private static final Set<String> SUBMITTER_ONLY = Set.of("--executor", "--report", "--recursive", "--output-dir",
            "--slurm-partition", "--slurm-time", "--slurm-cpus-per-task", "--slurm-tasks", "--sbatch-arg", "--help",
            "--version");

    private TaskArguments() {
    }

    static List<String> of(CommandSpec batch, ParseResult parsed, Optional<Path> outputDir, Path launchDir) {
        List<String> args = new ArrayList<>();
        ParseResult root = batch.commandLine().getParent() == null ? null
                : batch.commandLine().getParent().getParseResult();
        if (root != null) {
            root.matchedOptions().forEach(option -> render(option, args, launchDir));
        }
        parsed.matchedOptions().forEach(option -> render(option, args, launchDir));
        outputDir.ifPresent(dir -> args.addAll(List.of("--output-dir", dir.toString())));
        return List.copyOf(args);
    }

    private static void render(OptionSpec option, List<String> args, Path launchDir) {
        String name = option.longestName();
        if (SUBMITTER_ONLY.contains(name)) {
            return;
        }
        if (option.arity().max() == 0) {
            args.add(name);
            return;
        }
        for (String value : option.originalStringValues()) {
            args.add(name);
            args.add(name.equals("--plugins-dir") ? launchDir.resolve(value).normalize().toString() : value);
        }
    }
}

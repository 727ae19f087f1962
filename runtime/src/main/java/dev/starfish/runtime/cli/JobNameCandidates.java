package dev.starfish.runtime.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Gives the arguments that name a job ({@code compile --pipeline}, {@code replay}'s JOB) the
 * loaded jobs' names as completion candidates. The names are known only once the plugins are
 * loaded, so each such argument is replaced by a copy that carries them.
 */
final class JobNameCandidates {

    private JobNameCandidates() {
    }

    static void apply(CommandLine root, List<String> jobNames) {
        CommandLine compile = root.getSubcommands().get("compile");
        if (compile != null && compile.getCommandSpec().findOption("--pipeline") != null) {
            OptionSpec pipeline = compile.getCommandSpec().findOption("--pipeline");
            replace(compile.getCommandSpec(), pipeline, OptionSpec.builder(pipeline).completionCandidates(jobNames)
                    .build());
        }
        CommandLine replay = root.getSubcommands().get("replay");
        if (replay != null) {
            for (PositionalParamSpec positional : List.copyOf(replay.getCommandSpec().positionalParameters())) {
                if ("JOB".equals(positional.paramLabel())) {
                    replace(replay.getCommandSpec(), positional, PositionalParamSpec.builder(positional)
                            .completionCandidates(jobNames).build());
                }
            }
        }
    }

    private static void replace(CommandSpec spec, ArgSpec old, ArgSpec replacement) {
        spec.remove(old);
        if (replacement instanceof OptionSpec option) {
            spec.addOption(option);
        } else {
            spec.addPositional((PositionalParamSpec) replacement);
        }
    }
}

package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.compile.WorkDirectoryCleaner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code starfish clean [DIR...]}: removes the work directories Starfish made, and their log links. */
@Command(name = "clean", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Remove the *.work/ directories Starfish made in each DIR (default: the current directory), "
                + "and the log-starfish.txt link that points into one; print each path removed.",
                "A directory is removed only when it holds the .starfish-workdir tag, belongs to you, is not a "
                        + "symbolic link and no running compile uses it; any other is left alone with one "
                        + "'skipped' line saying why. Exit status 0, 2 when a DIR is not a directory."})
final class CleanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "DIR", arity = "0..*", description = "Directories to clean (default: the current one).")
    List<Path> dirs = List.of();

    @Option(names = {"-n", "--dry-run"}, description = "Print what would be removed; remove nothing.")
    boolean dryRun;

    @Mixin
    LoggingOptions logging;

    @Override
    public Integer call() {
        Invocation invocation = StarfishCommand.invocation(spec);
        List<UserPath> targets = (dirs.isEmpty() ? List.of(Path.of(".")) : dirs).stream()
                .map(dir -> UserPath.of(invocation, dir)).toList();
        // every DIR is checked before any is cleaned: a typo removes nothing
        for (UserPath dir : targets) {
            try {
                WorkDirectoryCleaner.requireDirectory(dir.resolved());
            } catch (InvalidInputException e) {
                throw dir.shownIn(e);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        int removed = 0;
        for (UserPath dir : targets) {
            for (WorkDirectoryCleaner.Outcome outcome : WorkDirectoryCleaner.clean(dir.resolved(), dryRun)) {
                String shown = dir.typed().equals(Path.of(".")) ? outcome.path().getFileName().toString()
                        : dir.show(outcome.path());
                if (outcome.removed()) {
                    removed++;
                    out.println((dryRun ? "would remove " : "removed ") + shown);
                } else {
                    out.println("skipped " + shown + ": " + outcome.reason());
                }
            }
        }
        if (removed == 0) {
            out.println("nothing to remove");
        }
        out.flush();
        return ExitCodes.OK;
    }
}

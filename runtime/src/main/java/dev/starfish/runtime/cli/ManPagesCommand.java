package dev.starfish.runtime.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code starfish generate-man-pages DIR}: writes {@code starfish.1} and one page per subcommand
 * ({@code starfish-compile.1}, {@code starfish-plugins-list.1}, ...) from the live command model.
 * The build runs it to ship {@code man/} in the distribution; hidden from the command list, silent
 * on success.
 */
@Command(name = "generate-man-pages", hidden = true, mixinStandardHelpOptions = true,
        description = "Write the manual pages of starfish and of each subcommand into DIR.")
final class ManPagesCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "Where to write the pages (created when absent).")
    Path dir;

    @Mixin
    LoggingOptions logging;

    @Override
    public Integer call() {
        try {
            Files.createDirectories(StarfishCommand.invocation(spec).workingDirectory().resolve(dir));
            write(spec.root().commandLine());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the manual pages into " + dir + ": " + e.getMessage(), e);
        }
        return ExitCodes.OK;
    }

    private void write(CommandLine command) throws IOException {
        CommandSpec commandSpec = command.getCommandSpec();
        if (commandSpec.usageMessage().hidden() && commandSpec != spec.root()) {
            return;
        }
        Path into = StarfishCommand.invocation(spec).workingDirectory().resolve(dir);
        Files.writeString(into.resolve(ManPage.nameOf(commandSpec) + ".1"),
                new ManPage(commandSpec, VersionProvider.version()).render(), StandardCharsets.UTF_8);
        for (var entry : command.getSubcommands().entrySet()) {
            if (entry.getKey().equals(entry.getValue().getCommandName())) {
                write(entry.getValue());
            }
        }
    }
}

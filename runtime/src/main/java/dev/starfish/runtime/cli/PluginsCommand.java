package dev.starfish.runtime.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code starfish plugins}: the jars of the plugins directory and the allow-list they are checked against. */
@Command(name = "plugins", mixinStandardHelpOptions = true,
        subcommands = {PluginsListCommand.class, PluginsLockCommand.class, PluginsLintCommand.class},
        description = {"Show every plugin jar and whether it was loaded, lock the jars Starfish may load, or lint a jar "
                + "before dropping it in.",
                "A jar is refused when it is a symbolic link, world-writable, owned by another user than you or "
                        + "root, in a group- or world-writable directory, has an invalid Plugin-Id, declares a job "
                        + "another jar declares too, or is missing from conf/plugins.lock when that file exists."})
final class PluginsCommand implements Callable<Integer> {

    @ParentCommand
    private StarfishCommand root;

    @Spec
    private CommandSpec spec;

    @Mixin
    LoggingOptions logging;

    StarfishCommand root() {
        return root;
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "plugins needs a subcommand: list, lock or lint");
    }
}

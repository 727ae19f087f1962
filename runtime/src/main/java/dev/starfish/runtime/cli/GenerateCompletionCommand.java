package dev.starfish.runtime.cli;

import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code starfish generate-completion}: a bash completion script drawn from the live command
 * model (Picocli's {@link AutoComplete}), so it offers each loaded job's options on
 * {@code compile} and the job names for {@code --pipeline} and {@code replay}.
 */
@Command(name = "generate-completion", mixinStandardHelpOptions = true,
        description = {"Print a bash completion script for starfish (zsh too, through bashcompinit).",
                "It completes subcommands, options (each installed job's compile options too) and job names.",
                "bash:  source <(starfish generate-completion)   (add the line to ~/.bashrc to keep it)",
                "zsh:   autoload -U +X bashcompinit && bashcompinit && source <(starfish generate-completion)"})
final class GenerateCompletionCommand implements Callable<Integer>, HostAware {

    @Spec
    private CommandSpec spec;

    @Mixin
    LoggingOptions logging;

    private Host host;

    @Override
    public void attach(Host newHost) {
        this.host = newHost;
    }

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        if (host != null) {
            JobNameCandidates.apply(root, host.registry().jobs().stream().map(RegisteredJob::name).toList());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(AutoComplete.bash(root.getCommandName(), root));
        out.flush();
        return ExitCodes.OK;
    }
}

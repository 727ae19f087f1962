package dev.starfish.runtime.cli;

import dev.starfish.api.ShellQuote;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
 * {@code compile} and the job names for {@code --pipeline} and {@code replay}. Starfish's own
 * additions ({@code completion-additions.bash}) complete what depends on the line itself: the job
 * after a comma of {@code --pipeline}, and only the jobs that have a replay script in replay's
 * work directory.
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
        List<String> jobNames = host == null ? List.of()
                : host.registry().jobs().stream().map(RegisteredJob::name).toList();
        JobNameCandidates.apply(root, jobNames);
        String name = root.getCommandName();
        String picocli = AutoComplete.bash(name, root);
        String registration = "complete -F _complete_" + name + " ";
        if (!picocli.contains(registration)) {
            throw new IllegalStateException("Picocli's completion script has no line '" + registration
                    + "...' to register Starfish's additions in");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(picocli.replace(registration, "complete -F _starfish_complete "));
        out.print(additions(jobNames));
        out.flush();
        return ExitCodes.OK;
    }

    private static String additions(List<String> jobNames) {
        try (InputStream in = GenerateCompletionCommand.class.getResourceAsStream("completion-additions.bash")) {
            if (in == null) {
                throw new IllegalStateException("completion-additions.bash is missing from the runtime jar");
            }
            String quoted = ShellQuote.join(jobNames);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("@JOB_NAMES@", quoted);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read completion-additions.bash: " + e.getMessage(), e);
        }
    }
}

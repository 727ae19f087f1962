package dev.starfish.runtime.cli;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobOptions;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.host.Host;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * What the commands that compile models ({@code compile}, {@code batch}) share, as a mixin: the
 * host attached before parsing, whose jobs add their options to the command, and the pipeline a
 * command line chooses from {@code --pipeline}, {@code pipeline=} of the configuration and the job
 * options given. ({@code @Command} without attributes: Picocli takes a class as a mixin only
 * when it carries one of its annotations, and this one has no option of its own.)
 */
@Command
final class AttachedHost implements HostAware {

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    private final JobOptionBinder binder = new JobOptionBinder();
    private Host host;

    /** Attaches the host and adds its jobs' options to the command; called before parsing. */
    @Override
    public void attach(Host newHost) {
        this.host = requireNonNull(newHost, "newHost is null");
        binder.register(command, newHost.registry());
    }

    Host host() {
        if (host == null) {
            throw new IllegalStateException("no host attached to the " + command.name() + " command");
        }
        return host;
    }

    /**
     * The jobs to run: {@code --pipeline} ({@code explicit}, may be null), else the configured
     * pipeline less the jobs that run only on request and were not asked for; warns about options
     * given to jobs outside it.
     */
    List<String> pipeline(String explicit, ParseResult parsed) {
        Host attached = host();
        List<String> jobs = new PipelineChoice(attached.registry(), explicit, attached.properties().list(Setting.PIPELINE),
                attached.properties().source().toString(), name -> JobOptionBinder.given(parsed, name)).jobs();
        binder.warnAboutUnusedOptions(parsed, jobs);
        return jobs;
    }

    /** Every job's option values: given, else defaulted. */
    Map<String, JobOptions> optionValues(ParseResult parsed) {
        return binder.values(parsed);
    }
}

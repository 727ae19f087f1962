package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.plan.ConfiguredPipeline;
import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code starfish jobs}: what jobs the plugins directory provides, and where their tools
 * resolve, then one {@code refused:} or {@code failed:} line per jar that was not loaded.
 * Everything shown is read from the jobs' declarations: no plugin code runs.
 */
@Command(name = "jobs", mixinStandardHelpOptions = true, subcommands = ClassifyCommand.class,
        description = "List the jobs of the installed plugins: kind, tool and where it resolves, plugin and jar.")
final class JobsCommand implements Callable<Integer> {

    @ParentCommand
    private StarfishCommand root;

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Option(names = "--libraries", description = "Also show the libraries each plugin bundles.")
    boolean libraries;

    @Option(names = "--wide", description = "Print every column in full (absolute paths, plugin versions, jars) "
            + "instead of fitting 120 columns.")
    boolean wide;

    @Mixin
    LoggingOptions logging;

    StarfishCommand root() {
        return root;
    }

    @Option(names = "--native", description = "Also show each plugin's JNI libraries and bundled tools, and where they are extracted.")
    boolean withNatives;

    @Override
    public Integer call() throws Exception {
        HostOptions options = root.hostOptions();
        // the table lists the jars turned away; the JSON does not, so there the registry warns about them
        try (Host host = json.enabled ? options.openHost() : options.openHostForListing()) {
            ConfiguredPipeline pipeline = ConfiguredPipeline.of(host.properties().list(Setting.PIPELINE),
                    host.registry());
            List<JobListing> listings = host.registry().jobs().stream().map(job -> JobListing.of(job,
                    host.toolResolverFor(job), libraries, withNatives, pipeline.positionOf(job.name()))).toList();
            // buffered: the command line's writer flushes at every line, a system call per row
            PrintWriter out = new PrintWriter(new BufferedWriter(spec.commandLine().getOut(), 1 << 16), false);
            if (json.enabled) {
                out.println(JsonOption.render(listings));
            } else {
                new JobTable(listings, libraries, withNatives, wide, host.home().root()).print(out);
                host.registry().turnedAway().forEach(r -> out.println(r.state().label() + ": "
                        + host.registry().pluginPath().nameOf(r.jar()) + ": "
                        + r.reason()));
            }
            out.flush();
        }
        return ExitCodes.OK;
    }
}

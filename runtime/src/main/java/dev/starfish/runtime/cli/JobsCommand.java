package dev.starfish.runtime.cli;

import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.plan.ConfiguredPipeline;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

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

    @Option(names = "--libraries", description = "Also show the libraries each plugin bundles.")
    boolean libraries;

    @Option(names = "--wide", description = "Print every column in full (absolute paths, plugin versions, jars) "
            + "instead of fitting 120 columns.")
    boolean wide;

    @Mixin
    ListingOutput output;

    StarfishCommand root() {
        return root;
    }

    @Option(names = "--native", description = "Also show each plugin's JNI libraries and bundled tools, and where they are extracted.")
    boolean withNatives;

    @Override
    public Integer call() throws Exception {
        HostOptions options = root.hostOptions();
        // the table lists the jars turned away; the JSON does not, so there the registry warns about them
        try (Host host = output.json() ? options.openHost() : options.openHostForListing()) {
            ConfiguredPipeline pipeline = ConfiguredPipeline.of(host.properties().list(Setting.PIPELINE),
                    host.registry());
            List<JobListing> listings = host.registry().jobs().stream().map(job -> JobListing.of(job,
                    host.toolResolverFor(job), libraries, withNatives, pipeline.positionOf(job.name()))).toList();
            output.print(listings, out -> {
                new JobTable(listings, libraries, withNatives, wide, host.home().root()).print(out);
                host.registry().turnedAway().forEach(r -> out.println(r.state().label() + ": "
                        + host.registry().pluginPath().nameOf(r.jar()) + ": "
                        + r.reason()));
            });
        }
        return ExitCodes.OK;
    }
}

package dev.starfish.runtime.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The root command: global options and the list of subcommands, nothing else. */
@Command(name = "starfish", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "A compiler driver whose jobs are isolated plugins.",
        subcommands = {JobsCommand.class, CompileCommand.class, PluginsCommand.class},
        footer = {"", "Exit codes: 0 success, 1 a job failed, 2 usage error or invalid input.",
                "Environment: STARFISH_HOME overrides the installation directory."})
public final class StarfishCommand {

    @Option(names = "--plugins-dir", paramLabel = "DIR", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Directory of job plugin jars (default: $STARFISH_HOME/plugins).")
    Path pluginsDir;

    @Option(names = "--reject-jobs", paramLabel = "JOB", split = ",", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Jobs not to load, in addition to rejected.jobs of conf/starfish.properties.")
    List<String> rejectJobs = new ArrayList<>();

    /** The global options as a value for the host. */
    HostOptions hostOptions() {
        return new HostOptions(pluginsDir, rejectJobs);
    }
}

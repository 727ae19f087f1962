package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Job;
import dev.starfish.api.JobDeclaration;

/**
 * A job the registry knows: what it declares (read from its class file), its class —
 * loaded in its plugin's loader but <b>not initialised</b>, so none of its code has run —
 * and its plugin. An instance is created only when a compile runs the job.
 *
 * @param declaration the job's name, kind, tool and options
 * @param type the job class, uninitialised
 * @param plugin the plugin it came from
 */
public record RegisteredJob(JobDeclaration declaration, Class<? extends Job> type, LoadedPlugin plugin) {
    public RegisteredJob {
        requireNonNull(declaration, "declaration is null");
        requireNonNull(type, "type is null");
        requireNonNull(plugin, "plugin is null");
    }

    /** The job's name, e.g. {@code MyJob}. */
    public String name() {
        return declaration.name();
    }

    public PluginInfo info() {
        return plugin.info();
    }
}

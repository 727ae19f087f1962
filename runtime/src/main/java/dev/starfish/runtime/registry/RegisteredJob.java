package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Job;

/**
 * A job the registry knows: its name, its class (loaded and initialised in its plugin's
 * loader) and its plugin. Instances are created only when a compile uses the job.
 */
public record RegisteredJob(String name, Class<? extends Job> type, LoadedPlugin plugin) {
    public RegisteredJob {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(plugin, "plugin is null");
    }

    public PluginInfo info() {
        return plugin.info();
    }
}

package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.ArtifactCatalog;
import dev.starfish.api.Job;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobException;
import dev.starfish.runtime.plugin.PluginImportException;
import dev.starfish.runtime.plugin.PluginInfo;
import java.util.Collection;

/**
 * A job the registry knows: what it declares (read from its class file), its class and its
 * plugin. The class is loaded in its plugin's loader — opened then — only when first asked for,
 * and never initialised here, so listing jobs or parsing options runs none of a plugin's code and
 * opens none of its jars; an instance is created only when a compile runs the job.
 */
public final class RegisteredJob {

    private final JobDeclaration declaration;
    private final String className;
    private final LoadedPlugin plugin;
    private volatile Class<? extends Job> type;

    /** A job whose class is already loaded. */
    public RegisteredJob(JobDeclaration declaration, Class<? extends Job> type, LoadedPlugin plugin) {
        this(declaration, requireNonNull(type, "type is null").getName(), plugin);
        this.type = type;
    }

    /** A job whose class {@code className} is loaded from its plugin when first needed. */
    RegisteredJob(JobDeclaration declaration, String className, LoadedPlugin plugin) {
        this.declaration = requireNonNull(declaration, "declaration is null");
        this.className = requireNonNull(className, "className is null");
        this.plugin = requireNonNull(plugin, "plugin is null");
    }

    /** The job's name, its class's simple name, e.g. {@code MyJob}. */
    public String name() {
        return declaration.name();
    }

    /** The standard artifacts and those {@code jobs} declare. */
    public static ArtifactCatalog catalogOf(Collection<RegisteredJob> jobs) {
        return ArtifactCatalog.of(jobs.stream().flatMap(job -> job.declaration.declares().stream()).toList());
    }

    /** The job's name, kind, tool and options. */
    public JobDeclaration declaration() {
        return declaration;
    }

    public String className() {
        return className;
    }

    /**
     * The job class, uninitialised, loaded in its plugin's loader on the first call.
     *
     * @throws JobException when the class can no longer be loaded (its jar changed since it was checked)
     */
    public Class<? extends Job> type() {
        Class<? extends Job> loaded = type;
        if (loaded == null) {
            synchronized (this) {
                loaded = type;
                if (loaded == null) {
                    try {
                        loaded = PluginLoader.loadJobClass(className, declaration, plugin.loader(), info());
                    } catch (PluginImportException e) {
                        throw new NamedJobException("job " + name() + " of plugin " + info().id() + " (" + info().jarName()
                                + ") could not be loaded: " + e.getMessage(), e);
                    }
                    type = loaded;
                }
            }
        }
        return loaded;
    }

    /** The plugin it came from. */
    public LoadedPlugin plugin() {
        return plugin;
    }

    public PluginInfo info() {
        return plugin.info();
    }

    @Override
    public String toString() {
        return "RegisteredJob[" + name() + " from " + plugin + "]";
    }
}

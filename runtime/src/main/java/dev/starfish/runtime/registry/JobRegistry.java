package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.Job;
import dev.starfish.api.JobException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import dev.starfish.runtime.nativelib.NativeSettings;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Turns job names into jobs (the seed's {@code JobRegistry}). {@link #loadAllJobs()} walks
 * the plugins directory in file-name order, skips rejected jobs, imports each plugin in
 * its own loader and skips, with the warning {@code Could not import '<name>'}, any
 * plugin that fails. Job instances are created only when asked for.
 *
 * <p>Not thread-safe while loading; safe for concurrent lookups afterwards.
 */
public final class JobRegistry implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(JobRegistry.class);

    private final PluginDirectoryScanner scanner;
    private final PluginLoader loader;
    private final PluginRejectList rejectList;
    private final Map<String, RegisteredJob> jobs = new LinkedHashMap<>();
    private final Set<LoadedPlugin> plugins = new LinkedHashSet<>();
    private final List<String> warnings = new ArrayList<>();

    public JobRegistry(Path pluginsDir, PluginRejectList rejectList, HostSharedPackages policy, ClassLoader hostLoader,
            NativeSettings nativeSettings) {
        this.scanner = new PluginDirectoryScanner(pluginsDir);
        this.rejectList = requireNonNull(rejectList, "rejectList is null");
        this.loader = new PluginLoader(hostLoader, policy, rejectList, nativeSettings);
    }

    /** A registry over {@code pluginsDir} with the default policy, this class's loader as the host and plain JNI binding. */
    public static JobRegistry forDirectory(Path pluginsDir, PluginRejectList rejectList) {
        return forDirectory(pluginsDir, rejectList, NativeSettings.plain(NativeSettings.defaultCacheRoot()));
    }

    public static JobRegistry forDirectory(Path pluginsDir, PluginRejectList rejectList, NativeSettings nativeSettings) {
        return new JobRegistry(pluginsDir, rejectList, HostSharedPackages.defaults(), JobRegistry.class.getClassLoader(),
                nativeSettings);
    }

    /** Discovers and imports every plugin; call once. */
    public JobRegistry loadAllJobs() {
        for (Path jar : scanner.scan()) {
            importPlugin(jar);
        }
        return this;
    }

    private void importPlugin(Path jar) {
        List<RegisteredJob> found;
        try {
            found = loader.load(jar, this::warn);
        } catch (PluginImportException e) {
            warn("Could not import '" + e.importName() + "' from " + jar.getFileName() + ": " + oneLine(e.getMessage()));
            return;
        }
        for (RegisteredJob job : found) {
            RegisteredJob kept = jobs.get(job.name());
            if (kept != null) {
                warn("Job '" + job.name() + "' is declared by both " + kept.info().jarName() + " and "
                        + job.info().jarName() + "; keeping the one from " + kept.info().jarName());
                continue;
            }
            LOG.debug("Found {} at {}", job.name(), job.info().jar());
            jobs.put(job.name(), job);
            plugins.add(job.plugin());
        }
        found.stream().map(RegisteredJob::plugin).distinct().filter(p -> !plugins.contains(p)).forEach(LoadedPlugin::close);
    }

    private void warn(String message) {
        warnings.add(message);
        LOG.warn(message);
    }

    /** The warnings raised while loading, in order. */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** The known jobs in discovery order. */
    public List<RegisteredJob> jobs() {
        return List.copyOf(jobs.values());
    }

    public boolean contains(String name) {
        return jobs.containsKey(name);
    }

    public PluginRejectList rejectList() {
        return rejectList;
    }

    /** The registered job of this name; an unknown name raises an error listing the known jobs. */
    public RegisteredJob registered(String name) {
        RegisteredJob job = jobs.get(name);
        if (job == null) {
            String why = rejectList.rejects(name) ? " (it is on the reject list)" : "";
            throw new InvalidInputException("Unknown job '" + name + "'" + why + "; known jobs: "
                    + (jobs.isEmpty() ? "none (no plugins in " + scanner.pluginsDir() + ")" : String.join(", ", jobs.keySet())));
        }
        return job;
    }

    /** A new instance of the named job, created in its plugin's loader. */
    public Job job(String name) {
        return instantiate(registered(name));
    }

    /** The named jobs in order; every name is checked before any job is created. */
    public List<Job> makePipeline(List<String> names) {
        List<RegisteredJob> resolved = names.stream().map(this::registered).toList();
        return resolved.stream().map(JobRegistry::instantiate).toList();
    }

    /** An instance only to read a job's declarations (kind, tool, options); it is never run. */
    public static Job instantiateForListing(RegisteredJob job) {
        return instantiate(job);
    }

    static Job instantiate(RegisteredJob job) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(job.plugin().loader());
        try {
            Job instance = job.type().getDeclaredConstructor().newInstance();
            if (!instance.name().equals(job.name())) {
                throw new JobException("Job class " + job.type().getName() + " calls itself '" + instance.name()
                        + "' but is registered as '" + job.name() + "'; a job's name is its class's simple name");
            }
            return instance;
        } catch (InvocationTargetException e) {
            throw new JobException("Job '" + job.name() + "' of " + job.info().jarName() + " could not be created: "
                    + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new JobException("Job '" + job.name() + "' of " + job.info().jarName()
                    + " needs a public no-argument constructor: " + e, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** Closes every plugin's loader. */
    @Override
    public void close() {
        plugins.forEach(LoadedPlugin::close);
        plugins.clear();
        jobs.clear();
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ");
    }
}

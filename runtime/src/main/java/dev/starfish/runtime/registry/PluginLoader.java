package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InProcessJob;
import dev.starfish.api.Job;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.NativeJob;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.nativelib.PluginNatives;
import dev.starfish.runtime.plugin.JobClassEntry;
import dev.starfish.runtime.plugin.PluginImportException;
import dev.starfish.runtime.plugin.PluginIndex;
import dev.starfish.runtime.plugin.PluginInfo;
import dev.starfish.runtime.plugin.PluginJarReader;
import dev.starfish.runtime.plugin.PluginRejectList;
import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Imports one plugin jar from what {@link PluginJarReader} (or the {@link PluginIndex}) read of it:
 * registers each job that is not rejected with its declaration, and its plugin with a loader that
 * opens only when a job class is first needed. A job class not yet checked is loaded once, <b>without
 * initialising it</b>, to see that it is a job of its declared kind and that its class file declares
 * what the registry took ({@link DeclarationCheck}: the build-time index may lie); the index remembers the outcome,
 * so a later run opens no jar of a job it does not run. No static initialiser, constructor or other
 * plugin code runs until a compile creates the job.
 */
public final class PluginLoader {

    /**
     * The outcome of importing one jar.
     *
     * @param jobs the registered jobs, empty when the jar failed
     * @param jar the jar with the classes checked now marked (or their problem recorded), for the index
     * @param failure why the jar could not be imported, if it could not
     */
    public record Imported(List<RegisteredJob> jobs, PluginJarReader.PluginJar jar, Optional<PluginImportException> failure) {
    }

    private final ClassLoader hostLoader;
    private final HostSharedPackages policy;
    private final PluginRejectList rejectList;
    private final NativeSettings nativeSettings;

    public PluginLoader(ClassLoader hostLoader, HostSharedPackages policy, PluginRejectList rejectList,
            NativeSettings nativeSettings) {
        this.nativeSettings = requireNonNull(nativeSettings, "nativeSettings is null");
        this.hostLoader = requireNonNull(hostLoader, "hostLoader is null");
        this.policy = requireNonNull(policy, "policy is null");
        this.rejectList = requireNonNull(rejectList, "rejectList is null");
    }

    /** The jobs of the jar; warnings (e.g. a bundled plugin API) go to {@code warn}. */
    public Imported load(PluginJarReader.PluginJar pluginJar, Consumer<String> warn) {
        PluginInfo info = pluginJar.info();
        List<JobClassEntry> wanted = new ArrayList<>();
        for (JobClassEntry entry : pluginJar.jobClasses()) {
            if (!rejectList.rejects(entry.jobName())) {
                wanted.add(entry);
            }
        }
        if (wanted.isEmpty()) {
            return new Imported(List.of(), pluginJar, Optional.empty());
        }
        Optional<PluginImportException> unreadable = firstProblem(wanted);
        if (unreadable.isPresent()) {
            return new Imported(List.of(), pluginJar, unreadable);
        }
        if (pluginJar.bundlesPluginApi()) {
            warn.accept("Plugin '" + info.id() + "' (" + info.jarName() + ") bundles its own copy of the Starfish "
                    + "plugin API (dev.starfish.api); the host's copy is used instead");
        }
        LoadedPlugin plugin = new LoadedPlugin(info, () -> newLoader(info), pluginJar.bundlesTools());
        PluginJarReader.PluginJar checked = pluginJar;
        List<RegisteredJob> jobs = new ArrayList<>();
        for (JobClassEntry entry : wanted) {
            JobDeclaration declaration = entry.declaration().orElseThrow();
            if (!entry.linked()) {
                try {
                    loadJobClass(entry.className(), declaration, plugin.loader(), info);
                    DeclarationCheck.verify(entry.className(), declaration, plugin.loader(), info);
                    checked = checked.with(entry.asLinked());
                } catch (PluginImportException e) {
                    plugin.close();
                    return new Imported(List.of(), checked.with(JobClassEntry.failed(entry.className(),
                            entry.declaration(), e.getMessage())), Optional.of(e));
                }
            }
            jobs.add(new RegisteredJob(declaration, entry.className(), plugin));
        }
        return new Imported(jobs, checked, Optional.empty());
    }

    /** Declarations first, as when every declaration was read before any class was loaded. */
    private static Optional<PluginImportException> firstProblem(List<JobClassEntry> wanted) {
        for (JobClassEntry entry : wanted) {
            if (entry.declaration().isEmpty()) {
                return entry.importProblem();
            }
        }
        for (JobClassEntry entry : wanted) {
            if (entry.problem().isPresent()) {
                return entry.importProblem();
            }
        }
        return Optional.empty();
    }

    private JobClassLoader newLoader(PluginInfo info) {
        try {
            return new JobClassLoader(info.id(), info.jar().toUri().toURL(), hostLoader, policy,
                    new PluginNatives(info.id(), info.jar(), nativeSettings));
        } catch (MalformedURLException e) {
            throw new IllegalStateException("cannot form a URL for " + info.jar(), e);
        }
    }

    /** Loads the job class without initialising it and checks that it is a job of its declared kind. */
    static Class<? extends Job> loadJobClass(String className, JobDeclaration declaration,
            JobClassLoader loader, PluginInfo info) throws PluginImportException {
        String jobName = declaration.name();
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new PluginImportException(jobName, "class " + className + " listed in "
                    + PluginJarReader.EXTENSION_INDEX + " is missing from " + info.jarName(), e);
        } catch (LinkageError e) {
            throw new PluginImportException(jobName, "cannot load " + className + ": " + e, e);
        }
        if (!Job.class.isAssignableFrom(type)) {
            throw new PluginImportException(jobName, "class " + className + " does not implement " + Job.class.getName()
                    + " (is its dev.starfish.api.Job from another loader?)", null);
        }
        checkKindMatchesBaseClass(type, declaration, info);
        return type.asSubclass(Job.class);
    }

    private static void checkKindMatchesBaseClass(Class<?> type, JobDeclaration declaration, PluginInfo info)
            throws PluginImportException {
        JobKind implied = NativeJob.class.isAssignableFrom(type) ? JobKind.NATIVE
                : InProcessJob.class.isAssignableFrom(type) ? JobKind.IN_PROCESS : declaration.kind();
        if (implied != declaration.kind()) {
            throw new PluginImportException(declaration.name(), "job class " + type.getName() + " in " + info.jarName()
                    + " is declared " + declaration.kind().label() + " but extends "
                    + (implied == JobKind.NATIVE ? NativeJob.class : InProcessJob.class).getSimpleName()
                    + ": make @JobSpec(kind = ...) and the base class agree", null);
        }
    }

}

package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Job;
import java.net.MalformedURLException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.nativelib.PluginNatives;

/**
 * Imports one plugin jar: reads its descriptor, opens its own {@link JobClassLoader} and
 * loads and initialises its job classes there (the Java counterpart of the seed's per-job
 * {@code setdlopenflags(RTLD_DEEPBIND)} around each import). Rejected jobs are never loaded.
 */
final class PluginLoader {

    private final PluginJarReader reader = new PluginJarReader();
    private final ClassLoader hostLoader;
    private final HostSharedPackages policy;
    private final PluginRejectList rejectList;
    private final NativeSettings nativeSettings;

    PluginLoader(ClassLoader hostLoader, HostSharedPackages policy, PluginRejectList rejectList,
            NativeSettings nativeSettings) {
        this.nativeSettings = requireNonNull(nativeSettings, "nativeSettings is null");
        this.hostLoader = requireNonNull(hostLoader, "hostLoader is null");
        this.policy = requireNonNull(policy, "policy is null");
        this.rejectList = requireNonNull(rejectList, "rejectList is null");
    }

    /** The jobs of the jar; warnings (e.g. a bundled plugin API) go to {@code warn}. */
    List<RegisteredJob> load(Path jar, Consumer<String> warn) throws PluginImportException {
        PluginJarReader.PluginJar pluginJar = reader.read(jar);
        PluginInfo info = pluginJar.info();
        List<String> wanted = pluginJar.extensionClasses().stream()
                .filter(name -> !rejectList.rejects(simpleName(name))).toList();
        if (wanted.isEmpty()) {
            return List.of();
        }
        if (pluginJar.bundlesPluginApi()) {
            warn.accept("Plugin '" + info.id() + "' (" + info.jarName() + ") bundles its own copy of the Starfish "
                    + "plugin API (dev.starfish.api); the host's copy is used instead");
        }
        JobClassLoader loader = newLoader(info);
        LoadedPlugin plugin = new LoadedPlugin(info, loader);
        try {
            List<RegisteredJob> jobs = new ArrayList<>();
            for (String className : wanted) {
                jobs.add(new RegisteredJob(simpleName(className), loadJobClass(className, loader, info), plugin));
            }
            return jobs;
        } catch (PluginImportException e) {
            plugin.close();
            throw e;
        }
    }

    private JobClassLoader newLoader(PluginInfo info) throws PluginImportException {
        try {
            return new JobClassLoader(info.id(), info.jar().toUri().toURL(), hostLoader, policy,
                    new PluginNatives(info.id(), info.jar(), nativeSettings));
        } catch (MalformedURLException e) {
            throw new PluginImportException(info.id(), "cannot form a URL for " + info.jar(), e);
        }
    }

    private static Class<? extends Job> loadJobClass(String className, JobClassLoader loader, PluginInfo info)
            throws PluginImportException {
        String jobName = simpleName(className);
        Class<?> type;
        try {
            type = Class.forName(className, true, loader);
        } catch (ClassNotFoundException e) {
            throw new PluginImportException(jobName, "class " + className + " listed in "
                    + PluginJarReader.EXTENSION_INDEX + " is missing from " + info.jarName(), e);
        } catch (ExceptionInInitializerError e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new PluginImportException(jobName, "the static initializer of " + className + " threw " + cause, e);
        } catch (LinkageError e) {
            throw new PluginImportException(jobName, "cannot link " + className + ": " + e, e);
        }
        if (!Job.class.isAssignableFrom(type)) {
            throw new PluginImportException(jobName, "class " + className + " does not implement " + Job.class.getName()
                    + " (is its dev.starfish.api.Job from another loader?)", null);
        }
        return type.asSubclass(Job.class);
    }

    static String simpleName(String className) {
        int dot = className.lastIndexOf('.');
        String simple = dot < 0 ? className : className.substring(dot + 1);
        int dollar = simple.lastIndexOf('$');
        return dollar < 0 ? simple : simple.substring(dollar + 1);
    }
}

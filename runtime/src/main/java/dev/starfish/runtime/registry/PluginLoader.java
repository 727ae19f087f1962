package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InProcessJob;
import dev.starfish.api.Job;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.NativeJob;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.nativelib.PluginNatives;

/**
 * Imports one plugin jar: reads each job's declaration from its class file, opens the
 * plugin's own {@link JobClassLoader} and loads the job classes there <b>without
 * initialising them</b> — no static initialiser, constructor or other plugin code runs
 * until a compile creates the job. Rejected jobs are never read.
 */
final class PluginLoader {

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
    List<RegisteredJob> load(PluginJarReader.PluginJar pluginJar, Consumer<String> warn) throws PluginImportException {
        PluginInfo info = pluginJar.info();
        List<String> wanted = pluginJar.extensionClasses().stream()
                .filter(name -> !rejectList.rejects(simpleName(name))).toList();
        if (wanted.isEmpty()) {
            return List.of();
        }
        List<JobDeclaration> declarations = readDeclarations(info, wanted);
        if (pluginJar.bundlesPluginApi()) {
            warn.accept("Plugin '" + info.id() + "' (" + info.jarName() + ") bundles its own copy of the Starfish "
                    + "plugin API (dev.starfish.api); the host's copy is used instead");
        }
        JobClassLoader loader = newLoader(info);
        LoadedPlugin plugin = new LoadedPlugin(info, loader);
        try {
            List<RegisteredJob> jobs = new ArrayList<>();
            for (int i = 0; i < wanted.size(); i++) {
                JobDeclaration declaration = declarations.get(i);
                jobs.add(new RegisteredJob(declaration, loadJobClass(wanted.get(i), declaration, loader, info), plugin));
            }
            return jobs;
        } catch (PluginImportException e) {
            plugin.close();
            throw e;
        }
    }

    private static List<JobDeclaration> readDeclarations(PluginInfo info, List<String> classNames)
            throws PluginImportException {
        List<JobDeclaration> declarations = new ArrayList<>();
        try (JarFile jar = new JarFile(info.jar().toFile())) {
            for (String className : classNames) {
                ZipEntry entry = jar.getEntry(className.replace('.', '/') + ".class");
                if (entry == null) {
                    throw new PluginImportException(simpleName(className), "class " + className + " listed in "
                            + PluginJarReader.EXTENSION_INDEX + " is missing from " + info.jarName(), null);
                }
                try (InputStream in = jar.getInputStream(entry)) {
                    declarations.add(JobDeclarationReader.read(className, in.readAllBytes()));
                } catch (IllegalArgumentException e) {
                    throw new PluginImportException(simpleName(className), "invalid declaration of job class "
                            + className + " in " + info.jarName() + ": " + e.getMessage(), e);
                } catch (RuntimeException e) {
                    throw new PluginImportException(simpleName(className), "the class file of " + className + " in "
                            + info.jarName() + " is not a valid class file: " + e, e);
                }
            }
        } catch (IOException e) {
            throw new PluginImportException(info.id(), "cannot read " + info.jarName() + ": " + e.getMessage(), e);
        }
        return declarations;
    }

    private JobClassLoader newLoader(PluginInfo info) throws PluginImportException {
        try {
            return new JobClassLoader(info.id(), info.jar().toUri().toURL(), hostLoader, policy,
                    new PluginNatives(info.id(), info.jar(), nativeSettings));
        } catch (MalformedURLException e) {
            throw new PluginImportException(info.id(), "cannot form a URL for " + info.jar(), e);
        }
    }

    private static Class<? extends Job> loadJobClass(String className, JobDeclaration declaration,
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

    static String simpleName(String className) {
        int dot = className.lastIndexOf('.');
        String simple = dot < 0 ? className : className.substring(dot + 1);
        int dollar = simple.lastIndexOf('$');
        return dollar < 0 ? simple : simple.substring(dollar + 1);
    }
}

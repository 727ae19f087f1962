package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.Job;
import dev.starfish.runtime.config.JvmEnvironment;
import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.config.UserCacheDirectory;
import dev.starfish.runtime.log.LazyLogger;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.plugin.OneLine;
import dev.starfish.runtime.plugin.PluginAdmission;
import dev.starfish.runtime.plugin.PluginDirectoryScanner;
import dev.starfish.runtime.plugin.PluginImportException;
import dev.starfish.runtime.plugin.PluginIndex;
import dev.starfish.runtime.plugin.PluginIndexStore;
import dev.starfish.runtime.plugin.PluginInfo;
import dev.starfish.runtime.plugin.PluginJarReader;
import dev.starfish.runtime.plugin.PluginLock;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.plugin.PluginReport;
import dev.starfish.runtime.plugin.PluginTrust;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns job names into jobs (the seed's {@code JobRegistry}). {@link #loadAllJobs()} walks
 * the directories of the {@link PluginPath} in order, each in file-name order, lets
 * {@link PluginAdmission} refuse untrusted, unlocked or conflicting jars, skips rejected jobs, and imports each remaining plugin in
 * its own loader, skipping with the warning {@code Could not import '<name>'} any that
 * fails. Job classes are loaded but not initialised; a job is created only when asked for
 * ({@link #job}), and whatever its plugin code throws then becomes one line.
 *
 * <p>Not thread-safe while loading; safe for concurrent lookups afterwards.
 */
public final class JobRegistry implements AutoCloseable {

    private static final LazyLogger LOG = LazyLogger.of(JobRegistry.class);

    private final PluginPath path;
    private final PluginLoader loader;
    private final PluginRejectList rejectList;
    private final PluginAdmission admission;
    private final PluginIndex index;
    private final Map<String, RegisteredJob> jobs = new LinkedHashMap<>();
    private final Set<LoadedPlugin> plugins = new LinkedHashSet<>();
    private final List<PluginReport> reports = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    public JobRegistry(Path pluginsDir, PluginRejectList rejectList, HostSharedPackages policy, ClassLoader hostLoader,
            NativeSettings nativeSettings, PluginTrust trust, Optional<PluginLock> lock) {
        this(PluginPath.of(pluginsDir), rejectList, policy, hostLoader, nativeSettings, trust, lock, PluginIndex.none());
    }

    /** A registry over every directory of {@code path}. */
    public JobRegistry(PluginPath path, PluginRejectList rejectList, HostSharedPackages policy, ClassLoader hostLoader,
            NativeSettings nativeSettings, PluginTrust trust, Optional<PluginLock> lock) {
        this(path, rejectList, policy, hostLoader, nativeSettings, trust, lock, PluginIndex.none());
    }

    private JobRegistry(PluginPath path, PluginRejectList rejectList, HostSharedPackages policy, ClassLoader hostLoader,
            NativeSettings nativeSettings, PluginTrust trust, Optional<PluginLock> lock, PluginIndex index) {
        this.path = requireNonNull(path, "path is null");
        this.rejectList = requireNonNull(rejectList, "rejectList is null");
        this.loader = new PluginLoader(hostLoader, policy, rejectList, nativeSettings);
        this.index = requireNonNull(index, "index is null");
        this.admission = new PluginAdmission(trust, lock, rejectList, index);
    }

    /** A registry over {@code pluginsDir} with the default policy, this class's loader as the host and plain JNI binding. */
    public static JobRegistry forDirectory(Path pluginsDir, PluginRejectList rejectList) {
        return forDirectory(pluginsDir, rejectList, NativeSettings.plain(NativeSettings.defaultCacheRoot()));
    }

    public static JobRegistry forDirectory(Path pluginsDir, PluginRejectList rejectList, NativeSettings nativeSettings) {
        return forDirectory(pluginsDir, rejectList, nativeSettings, null);
    }

    /**
     * A registry whose jars must also be listed in {@code lockFile} when that file exists, and which
     * keeps what it reads of the jars in the user's {@link PluginIndexStore plugin index}, so a later
     * run opens only the jars of the jobs it uses.
     *
     * @throws InvalidInputException when the lock file exists but is malformed
     */
    public static JobRegistry forDirectory(Path pluginsDir, PluginRejectList rejectList, NativeSettings nativeSettings,
            Path lockFile) {
        return forPath(PluginPath.of(pluginsDir), rejectList, nativeSettings, lockFile,
                UserCacheDirectory.of(JvmEnvironment.variables()));
    }

    /**
     * As {@link #forDirectory(Path, PluginRejectList, NativeSettings, Path)}, over every directory of
     * {@code path}, the index kept under {@code userCacheDir}.
     */
    public static JobRegistry forPath(PluginPath path, PluginRejectList rejectList, NativeSettings nativeSettings,
            Path lockFile, Path userCacheDir) {
        PluginIndex index = PluginIndexStore.forPluginPath(path, userCacheDir).map(PluginIndex::storedIn)
                .orElseGet(PluginIndex::none);
        return new JobRegistry(path, rejectList, HostSharedPackages.defaults(), JobRegistry.class.getClassLoader(),
                nativeSettings, PluginTrust.forCurrentUser(), PluginLock.read(lockFile), index);
    }

    /** A registry over {@code pluginsDir} like {@link #forDirectory(Path, PluginRejectList)}, keeping its index in {@code store}. */
    public static JobRegistry withIndex(Path pluginsDir, PluginRejectList rejectList, PluginIndexStore store) {
        return new JobRegistry(PluginPath.of(pluginsDir), rejectList, HostSharedPackages.defaults(),
                JobRegistry.class.getClassLoader(), NativeSettings.plain(NativeSettings.defaultCacheRoot()),
                PluginTrust.forCurrentUser(), Optional.empty(), PluginIndex.storedIn(store));
    }

    /** Discovers, vets and imports every plugin; call once. */
    public JobRegistry loadAllJobs() {
        return loadAllJobs(false);
    }

    /**
     * Discovers, vets and imports every plugin; call once. {@code listedByCaller}: the caller
     * shows every jar turned away itself ({@code jobs}, {@code plugins list}), so those lines are
     * logged at info rather than warned about on the console a second time.
     */
    public JobRegistry loadAllJobs(boolean listedByCaller) {
        PluginAdmission.Result decided = admission.decide(path, PluginDirectoryScanner.candidates(path));
        for (PluginReport turnedAway : decided.turnedAway()) {
            announce(turnedAway.state() == PluginReport.State.FAILED ? turnedAway.reason()
                    : "Refused " + path.nameOf(turnedAway.jar()) + ": " + turnedAway.reason(), listedByCaller);
        }
        List<PluginReport> loaded = new ArrayList<>();
        for (PluginJarReader.PluginJar pluginJar : decided.admitted()) {
            importPlugin(pluginJar, listedByCaller).ifPresent(loaded::add);
        }
        index.save();
        LOG.debug("Found {} jobs in {} plugins of {}: {}", jobs.size(), loaded.size(), path.describe(),
                new JobJars(jobs.values()));
        reports.addAll(decided.turnedAway());
        reports.addAll(loaded);
        reports.sort(PluginReport.inOrderOf(path));
        return this;
    }

    private Optional<PluginReport> importPlugin(PluginJarReader.PluginJar pluginJar, boolean listedByCaller) {
        PluginInfo info = pluginJar.info();
        PluginLoader.Imported imported = loader.load(pluginJar, this::warn);
        index.update(imported.jar());
        List<RegisteredJob> found = imported.jobs();
        if (imported.failure().isPresent()) {
            PluginImportException e = imported.failure().get();
            String message = "Could not import '" + e.importName() + "' from " + path.nameOf(info.jar()) + ": "
                    + oneLine(e.getMessage());
            announce(message, listedByCaller);
            LOG.debug("Why {} could not be imported", info.jarName(), e);
            reports.add(new PluginReport(info.jar(), info.id(), info.version(), pluginJar.jobNames(),
                    PluginReport.State.FAILED, message));
            return Optional.empty();
        }
        for (RegisteredJob job : found) {
            // trace, not debug: the root logger takes debug, so with a thousand plugins this line alone
            // cost a compile tens of milliseconds even though no appender kept it (loadAllJobs sums up)
            LOG.trace("Found {} at {}", job.name(), job.info().jar());
            jobs.put(job.name(), job);
            plugins.add(job.plugin());
        }
        return Optional.of(new PluginReport(info.jar(), info.id(), info.version(), pluginJar.jobNames(),
                PluginReport.State.LOADED, ""));
    }

    private void warn(String message) {
        announce(message, false);
    }

    private void announce(String message, boolean listedByCaller) {
        warnings.add(message);
        if (listedByCaller) {
            LOG.info(message);
        } else {
            LOG.warn(message);
        }
    }

    /** The warnings raised while loading, in order: one line each. */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** The directories this registry loads from. */
    public PluginPath pluginPath() {
        return path;
    }

    /** What became of every jar of the plugin path, by directory in path order, then file name. */
    public List<PluginReport> plugins() {
        return List.copyOf(reports);
    }

    /** The jars that were refused or failed, in the order of {@link #plugins()}. */
    public List<PluginReport> turnedAway() {
        return reports.stream().filter(r -> r.state() != PluginReport.State.LOADED).toList();
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
            List<PluginReport> declaring = turnedAway().stream().filter(r -> r.jobs().contains(name)).toList();
            String why = rejectList.rejects(name) ? " (it is on the reject list)" : declaring.isEmpty() ? ""
                    : " (" + (declaring.size() == 1 ? "its jar " : "its jars ")
                            + String.join(" and ", declaring.stream().map(r -> path.nameOf(r.jar())).toList())
                            + " " + declaring.get(0).state().happened(declaring.size() > 1)
                            + ": see `starfish plugins list`)";
            throw new InvalidInputException("Unknown job '" + name + "'" + why + "; known jobs: "
                    + (jobs.isEmpty() ? "none (no plugins in " + path.describe() + ")"
                            : String.join(", ", jobs.keySet())));
        }
        return job;
    }

    /** A new instance of the named job, created in its plugin's loader: the first time any of its code runs. */
    public Job job(String name) {
        return JobCreation.create(registered(name));
    }

    /** The named jobs in order; every name is checked before any job is created. */
    public List<Job> makePipeline(List<String> names) {
        List<RegisteredJob> resolved = names.stream().map(this::registered).toList();
        return resolved.stream().map(JobCreation::create).toList();
    }

    /** A native library or tool a plugin of this registry extracted that changed on disk since, if any. */
    public Optional<Path> nativeFileChangedSinceExtracted() {
        return plugins.stream().map(LoadedPlugin::nativeFileChangedSinceExtracted).flatMap(Optional::stream)
                .findFirst();
    }

    /** Closes every plugin's loader. */
    @Override
    public void close() {
        if (PluginMetaspace.wanted()) {
            PluginMetaspace.perPlugin().forEach(line -> LOG.info(line));
        }
        plugins.forEach(LoadedPlugin::close);
        plugins.clear();
        jobs.clear();
    }

    private static String oneLine(String message) {
        return OneLine.of(message);
    }
}

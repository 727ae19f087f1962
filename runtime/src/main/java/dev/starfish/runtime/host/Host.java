package dev.starfish.runtime.host;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.cache.DigestMemory;
import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.config.UserCacheDirectory;
import dev.starfish.runtime.launch.LauncherSettings;
import dev.starfish.runtime.launch.ProcessLauncher;
import dev.starfish.runtime.launch.SharedSpawnServer;
import dev.starfish.runtime.launch.ToolEnvironment;
import dev.starfish.runtime.launch.ToolResolver;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.plugin.PluginLock;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.RegisteredJob;
import dev.starfish.runtime.sandbox.SandboxProbe;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.logging.log4j.LogManager;

/**
 * One driver invocation's host: the installation, the operator's settings and the job
 * registry loaded from the directories of the {@link PluginPath}. No global state: a JVM may hold several.
 */
public final class Host implements AutoCloseable {

    private final StarfishHome home;
    private final StarfishProperties properties;
    private final JobRegistry registry;
    private final Optional<SharedSpawnServer> spawnServer;
    private final Runnable release;
    private final Optional<NativeSettings> ownNatives;
    private final DigestMemory digestMemory;
    private final SandboxProbe sandboxProbe;

    private Host(StarfishHome home, StarfishProperties properties, JobRegistry registry,
            Optional<SharedSpawnServer> spawnServer, Runnable release, Optional<NativeSettings> ownNatives,
            DigestMemory digestMemory, SandboxProbe sandboxProbe) {
        this.home = home;
        this.properties = properties;
        this.registry = registry;
        this.spawnServer = spawnServer;
        this.release = release;
        this.ownNatives = ownNatives;
        this.digestMemory = digestMemory;
        this.sandboxProbe = sandboxProbe;
    }

    /**
     * This host for one more user, whose {@link #close()} runs {@code release} instead of closing
     * the registry: a server lends one warm host to many commands and closes it after the last.
     */
    public Host leased(Runnable release) {
        return new Host(home, properties, registry, spawnServer, requireNonNull(release, "release is null"),
                ownNatives, digestMemory, sandboxProbe);
    }

    /**
     * This host with one spawn server for the launchers of all its commands ({@link #newLauncher}),
     * started at the first tool and ended when this host closes: a server's warm host saves each
     * command the start of its own. The one-shot driver's host gives each launcher its own.
     */
    public Host sharingOneSpawnServer() {
        if (spawnServer.isPresent()) {
            return this;
        }
        SharedSpawnServer shared = new SharedSpawnServer();
        return new Host(home, properties, registry, Optional.of(shared), () -> {
            try {
                release.run();
            } finally {
                shared.close();
            }
        }, ownNatives, digestMemory, sandboxProbe);
    }

    /**
     * Opens a host: reads {@code conf/starfish.properties}, and loads every job plugin of
     * {@code pluginsDir}, or of the plugin path when {@code null} ({@code plugins.path}, then the
     * user's directory of {@code env}), except the rejected ones.
     */
    public static Host open(StarfishHome home, Map<String, String> env, Path pluginsDir,
            List<String> rejectedOnCommandLine) {
        return open(home, env, pluginsDir, rejectedOnCommandLine, false);
    }

    /**
     * Opens a host as {@link #open(StarfishHome, Map, Path, List)} does, for a command that lists every
     * jar turned away itself when {@code listsTurnedAway} (the registry does not warn about them too).
     */
    public static Host open(StarfishHome home, Map<String, String> env, Path pluginsDir,
            List<String> rejectedOnCommandLine, boolean listsTurnedAway) {
        return open(home, env, pluginsDir, rejectedOnCommandLine, listsTurnedAway, null);
    }

    /**
     * Opens a host as {@link #open(StarfishHome, Map, Path, List, boolean)} does, its plugins'
     * native libraries extracted under the subdirectory {@code nativeGeneration} of the native cache
     * when it is not {@code null}: the JVM binds a library file to one class loader, so a server
     * that loads the plugins again while the earlier loaders are not yet collected gives each
     * generation files of its own. That subdirectory is the host's: closing it deletes it.
     */
    public static Host open(StarfishHome home, Map<String, String> env, Path pluginsDir,
            List<String> rejectedOnCommandLine, boolean listsTurnedAway, String nativeGeneration) {
        requireNonNull(home, "home is null");
        StarfishProperties properties = StarfishProperties.load(home.confDir().resolve("starfish.properties"));
        PluginRejectList rejects = PluginRejectList.parse(properties.string(Setting.REJECTED_JOBS))
                .with(PluginRejectList.parse(String.join(",", rejectedOnCommandLine)).names());
        PluginPath plugins = PluginPath.resolve(home, properties, env, pluginsDir);
        plugins.requireDirectories(home, properties.source());
        NativeSettings natives = nativeSettings(home, properties, env);
        Optional<NativeSettings> own = Optional.empty();
        if (nativeGeneration != null) {
            natives = new NativeSettings(natives.cacheRoot().resolve(nativeGeneration), natives.deepBind(),
                    natives.deepBindShim());
            own = Optional.of(natives);
        }
        JobRegistry registry;
        try {
            registry = JobRegistry.forPath(plugins, rejects, natives, home.confDir().resolve(PluginLock.FILE_NAME),
                    UserCacheDirectory.of(env)).loadAllJobs(listsTurnedAway);
        } catch (RuntimeException | Error e) {
            own.ifPresent(NativeSettings::deleteUsedCacheRoot);
            throw e;
        }
        warnAboutUnknownRejects(rejects, registry);
        Optional<NativeSettings> generation = own;
        Runnable closeAll = () -> {
            try {
                registry.close();
            } finally {
                generation.ifPresent(NativeSettings::deleteUsedCacheRoot);
            }
        };
        return new Host(home, properties, registry, Optional.empty(), closeAll, own, new DigestMemory(),
                new SandboxProbe(env.get("PATH")));
    }

    /** A rejected name no plugin declares is most likely a typo: say so, it rejects nothing. */
    private static void warnAboutUnknownRejects(PluginRejectList rejects, JobRegistry registry) {
        if (rejects.names().isEmpty()) {
            return;
        }
        Set<String> declared = new TreeSet<>();
        registry.plugins().forEach(report -> declared.addAll(report.jobs()));
        for (String name : rejects.names()) {
            if (!declared.contains(name)) {
                LogManager.getLogger(Host.class).warn(
                        "the reject list (--reject-jobs or rejected.jobs) names '{}', which no plugin declares; it rejects "
                                + "nothing (known jobs: {})", name, String.join(", ", declared));
            }
        }
    }

    public StarfishHome home() {
        return home;
    }

    /** The digests of the settled files this host's commands have keyed with, for the next ones. */
    public DigestMemory digestMemory() {
        return digestMemory;
    }

    public StarfishProperties properties() {
        return properties;
    }

    public JobRegistry registry() {
        return registry;
    }

    /**
     * A new launcher for one command: the operator's limits from {@code conf/starfish.properties}
     * (concurrent tools, kill grace, per-job timeouts {@code timeout.<Job>}, spawn server) and the resolver
     * {@code private, bin}, its tools in {@code environment} (the command's), on this host's shared
     * spawn server if it has one ({@link #sharingOneSpawnServer}). The caller closes it.
     */
    public ProcessLauncher newLauncher(Map<String, String> environment) {
        LauncherSettings settings = LauncherSettings.of(home, properties);
        ToolResolver resolver = ToolResolver.forHome(home.root(), Optional.empty());
        ToolEnvironment tools = ToolEnvironment.of(environment);
        return spawnServer.map(shared -> new ProcessLauncher(settings, resolver, tools, shared, sandboxProbe))
                .orElseGet(() -> new ProcessLauncher(settings, resolver, tools, sandboxProbe));
    }

    /** Whether this host can sandbox tool steps: probed at the first question, then known for the host's lifetime. */
    public SandboxProbe sandboxProbe() {
        return sandboxProbe;
    }

    /** The resolver a job's tools are found with: private, then the job's plugin's bundled tools, then bin. */
    public ToolResolver toolResolverFor(RegisteredJob job) {
        return ToolResolver.forHome(home.root(), bundledToolsDir(job));
    }

    /** Where the plugin's bundled tools are extracted; empty when it bundles none. */
    public Optional<Path> bundledToolsDir(RegisteredJob job) {
        return job.plugin().bundledToolsDir();
    }

    private static NativeSettings nativeSettings(StarfishHome home, StarfishProperties properties,
            Map<String, String> env) {
        Path cache = Path.of(properties.string(Setting.NATIVE_CACHE_DIR.key(),
                NativeSettings.defaultCacheRoot(env).toString()));
        boolean deepBind = properties.flag(Setting.NATIVE_DEEPBIND);
        return new NativeSettings(cache, deepBind, Optional.of(home.nativeLibDir().resolve("libstarfish-deepbind.so")));
    }

    /**
     * Deletes the native-library directory of the host's own when it has one (it was opened with a
     * {@code nativeGeneration}), without closing anything: for a server that exits while its newest
     * host is still open. The shared native cache is never touched.
     */
    public void deleteOwnNativeDirectory() {
        ownNatives.ifPresent(NativeSettings::deleteUsedCacheRoot);
    }

    @Override
    public void close() {
        release.run();
    }
}

package dev.starfish.runtime.server;

import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.config.StarfishHome;
import dev.starfish.runtime.config.StarfishProperties;
import dev.starfish.runtime.config.UserDataDirectory;
import dev.starfish.runtime.config.UserCacheDirectory;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.host.HostSource;
import dev.starfish.runtime.log.ConsoleRoutes;
import dev.starfish.runtime.log.LazyLogger;
import dev.starfish.runtime.nativelib.NativeSettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's warm hosts: one per (installation, {@code --plugins-dir} or the user's plugins
 * directory, reject list, cache locations), lent to every command while every directory of the
 * plugin path (the user's too, or its absence) and {@code conf/} are as it was loaded from
 * ({@link HostStamp}); {@code plugins.path} is read from {@code conf/}, so a change of it is a
 * change of {@code conf/}. When they change, the next command gets a host loaded afresh (vetted by
 * the same trust rules and lock, as any load), the commands in flight keep the one they started
 * with, and the old one is closed when the last of them ends. What loading said on the console
 * (a refused jar, a typo in the reject list) is said again to every command that gets the host,
 * at that command's own verbosity, as the one-shot driver would have said it. Each host starts its
 * commands' tools on one spawn server of its own ({@link Host#sharingOneSpawnServer}), ended with it.
 * A host loaded afresh extracts its native libraries into a directory of its own, deleted when the
 * host is closed or, for the newest hosts, when the server exits ({@link #deleteNativeDirectories()}).
 * A library or tool a warm host extracted that changed on disk since (a same-size impostor written
 * in place changes the very code the JVM mapped) retires that host the same way, with a warning.
 */
final class SharedHosts implements HostSource {

    private record Key(Path home, Path pluginsDir, Optional<Path> userPlugins, List<String> rejects,
            boolean listsTurnedAway, Path nativeRoot, Path userCache) {
    }

    private static final LazyLogger LOG = LazyLogger.of(SharedHosts.class);

    private final Map<Key, Warm> current = new HashMap<>();
    private final AtomicInteger generations = new AtomicInteger();
    private final PrintStream log;

    SharedHosts(PrintStream log) {
        this.log = log;
    }

    @Override
    public Host open(StarfishHome home, Map<String, String> env, Path pluginsDir, List<String> rejects,
            boolean listsTurnedAway) {
        Path properties = home.confDir().resolve("starfish.properties");
        PluginPath plugins = PluginPath.resolve(home, StarfishProperties.load(properties), env, pluginsDir);
        Key key = new Key(home.root(), pluginsDir, pluginsDir != null ? Optional.empty() : UserDataDirectory.plugins(env),
                List.copyOf(rejects), listsTurnedAway, NativeSettings.defaultCacheRoot(env), UserCacheDirectory.of(env));
        HostStamp stamp = HostStamp.of(plugins.watched(), home.confDir());
        Warm warm;
        synchronized (this) {
            warm = current.get(key);
            if (warm != null && !warm.stamp.equals(stamp)) {
                log.println("starfish-server: " + String.join(", ", plugins.watched().stream().map(Path::toString)
                        .toList()) + " or " + home.confDir() + " changed; the next command"
                        + " loads the plugins again (host generation " + (generations.get() + 1) + ")");
                current.remove(key);
                warm.retire();
                warm = null;
            }
            Optional<Path> tampered = warm == null ? Optional.empty()
                    : warm.host.registry().nativeFileChangedSinceExtracted();
            if (tampered.isPresent()) {
                String why = "Cached native file " + tampered.get() + " changed on disk since this server loaded it;"
                        + " loading the plugins afresh (host generation " + (generations.get() + 1) + ")";
                log.println("starfish-server: " + why);
                LOG.warn(why);
                current.remove(key);
                warm.retire();
                warm = null;
            }
            if (warm != null) {
                Host lent = warm.lend();
                warm.said.replay();
                return lent;
            }
        }
        // loaded outside the lock: another installation's or directory's command need not wait
        int generation = generations.incrementAndGet();
        SaidWhileLoading said = new SaidWhileLoading();
        Host host;
        try (ConsoleRoutes.Registration capture = said.capture()) {
            host = Host.open(home, env, pluginsDir, rejects, listsTurnedAway,
                    generation == 1 ? null : "server-" + ProcessHandle.current().pid() + "-" + generation)
                    .sharingOneSpawnServer();
        }
        Warm loaded = new Warm(host, stamp, said);
        Host lent = loaded.lend();
        synchronized (this) {
            Warm raced = current.putIfAbsent(key, loaded);
            if (raced != null) {
                loaded.retire();
            }
        }
        said.replay();
        return lent;
    }

    /** Deletes the native-library directories of the hosts now lent, for a server that exits. */
    synchronized void deleteNativeDirectories() {
        current.values().forEach(warm -> warm.host.deleteOwnNativeDirectory());
    }

    /** One loaded host and how many commands hold it; closed once retired and no command holds it. */
    private static final class Warm {
        private final Host host;
        private final HostStamp stamp;
        private final SaidWhileLoading said;
        private int leases;
        private boolean retired;

        Warm(Host host, HostStamp stamp, SaidWhileLoading said) {
            this.host = host;
            this.stamp = stamp;
            this.said = said;
        }

        synchronized Host lend() {
            leases++;
            return host.leased(this::giveBack);
        }

        private synchronized void giveBack() {
            if (--leases == 0 && retired) {
                host.close();
            }
        }

        synchronized void retire() {
            retired = true;
            if (leases == 0) {
                host.close();
            }
        }
    }
}

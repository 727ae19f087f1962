package dev.starfish.runtime.server;

import dev.starfish.runtime.cli.CommandModels;
import dev.starfish.runtime.cli.StarfishCli;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishProperties;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's entry point, started by the native client ({@code docs/server.md}) with its socket's
 * path in {@value #SOCKET_ENV} and its build in {@value #BUILD_ENV}; its stdout and stderr are
 * its log. It binds the socket under a temporary name and renames it into place, so a client never
 * reaches a server that is not ready, and serves each connection on a thread of its own.
 */
public final class ServerMain {

    static final String SOCKET_ENV = "STARFISH_SERVER_SOCKET";
    static final String BUILD_ENV = "STARFISH_SERVER_BUILD";
    /** Set by bin/starfish on the server it starts: a warning every command served repeats. */
    static final String START_WARNING = "starfish.server.warning";
    static final String IDLE_ENV = "STARFISH_SERVER_IDLE_MINUTES";
    static final int MAX_CONNECTIONS = 64;
    /** How long an exiting server, its socket removed, waits for no connection to arrive before it exits. */
    static final Duration EXIT_QUIET = Duration.ofMillis(250);

    private ServerMain() {
    }

    public static void main(String[] args) {
        PrintStream log = System.err;
        Map<String, String> env = System.getenv();
        String socket = env.get(SOCKET_ENV);
        if (socket == null || !Path.of(socket).isAbsolute()) {
            log.println("starfish-server: error: " + SOCKET_ENV + " must name the socket's absolute path (found "
                    + socket + "); the server is started by bin/starfish, not by hand");
            System.exit(2);
        }
        try {
            System.exit(serve(Path.of(socket), env.getOrDefault(BUILD_ENV, "unknown"), env.get(IDLE_ENV), log));
        } catch (IOException | RuntimeException e) {
            log.println("starfish-server: error: " + e);
            System.exit(1);
        }
    }

    /** Serves on {@code socket}; {@code idleOverride} (may be null) replaces {@code server.idle.minutes}. */
    static int serve(Path socket, String build, String idleOverride, PrintStream log) throws IOException {
        Optional<String> refused = SocketDirectory.refusal(socket.getParent());
        if (refused.isPresent()) {
            log.println("starfish-server: error: " + refused.get());
            return 2;
        }
        StarfishCli.prepareServerProcess();
        Path home = Path.of(System.getProperty("starfish.home", "."));
        // STARFISH_SERVER_IDLE_MINUTES (of the client that started it) overrides the setting, for CI
        boolean overridden = idleOverride != null && !idleOverride.isBlank();
        Duration idle = Lifecycle.idleOf(overridden ? idleOverride
                : StarfishProperties.load(home.resolve("conf/starfish.properties")).string(Setting.SERVER_IDLE_MINUTES));
        ServerState state = new ServerState(socket, build, System.getProperty(START_WARNING, ""));
        Lifecycle lifecycle = new Lifecycle(state, idle, log);
        PeerCheck peers = PeerCheck.ofThisProcess();
        ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "starfish-server-timer");
            t.setDaemon(true);
            return t;
        });
        try (ServerSocketChannel server = bind(socket)) {
            Object inode = Files.getAttribute(socket, "unix:ino");
            log.printf("starfish-server: pid %d, build %s, serving %s (idle exit after %s)%n",
                    ProcessHandle.current().pid(), build, socket, idle);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> removeOwn(socket, inode), "starfish-server-socket"));
            Admissions admissions = new Admissions();
            AtomicBoolean exiting = new AtomicBoolean();
            timers.scheduleWithFixedDelay(() -> lifecycle.exitReason().ifPresent(why -> {
                if (exiting.compareAndSet(false, true)) {
                    // not on the timer thread: it keeps closing connections that send no request
                    new Thread(() -> exit(why, socket, inode, admissions, log), "starfish-server-exit").start();
                }
            }), lifecycle.checkEvery().toMillis(), lifecycle.checkEvery().toMillis(), TimeUnit.MILLISECONDS);
            accept(server, state, peers, timers, admissions, log);
        }
        return 0;
    }

    /**
     * Removes the socket first, so that no client finds this server any more, then serves every
     * connection made before that (the backlog's, one accepted as the exit was decided) and exits.
     */
    private static void exit(String why, Path socket, Object inode, Admissions admissions, PrintStream log) {
        removeOwn(socket, inode);
        try {
            admissions.awaitQuiet(EXIT_QUIET);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        log.println("starfish-server: exiting: " + why);
        log.flush();
        System.exit(0);
    }

    private static void accept(ServerSocketChannel server, ServerState state, PeerCheck peers,
            ScheduledExecutorService timers, Admissions admissions, PrintStream log) throws IOException {
        SharedHosts hosts = new SharedHosts(log);
        CommandModels models = CommandModels.madeAhead(Executors.newSingleThreadExecutor(runnable -> {
            Thread maker = new Thread(runnable, "starfish-command-models");
            maker.setDaemon(true);
            maker.setPriority(Thread.MIN_PRIORITY);
            return maker;
        }));
        Runtime.getRuntime().addShutdownHook(new Thread(hosts::deleteNativeDirectories, "starfish-server-natives"));
        Semaphore slots = new Semaphore(MAX_CONNECTIONS);
        AtomicLong numbers = new AtomicLong();
        while (true) {
            SocketChannel channel = server.accept();
            admissions.accepted();
            long number = numbers.incrementAndGet();
            Connection connection = new Connection(channel, state, hosts, models, peers, timers, log, number);
            if (!slots.tryAcquire()) {
                log.println("starfish-server: connection " + number + " refused: " + MAX_CONNECTIONS
                        + " connections are open");
                Thread busy = new Thread(() -> {
                    try {
                        connection.refuseBusy(MAX_CONNECTIONS);
                    } finally {
                        admissions.finished();
                    }
                }, "starfish-busy-" + number);
                busy.setDaemon(true);
                busy.start();
                continue;
            }
            Thread thread = new Thread(() -> {
                try {
                    connection.serve();
                } finally {
                    slots.release();
                    admissions.finished();
                }
            }, "starfish-connection-" + number);
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Binds under a temporary name, private to the user, then renames it onto {@code socket}. */
    private static ServerSocketChannel bind(Path socket) throws IOException {
        Path temporary = socket.resolveSibling(socket.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.deleteIfExists(temporary);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(temporary), 64);
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
            Files.move(temporary, socket, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return server;
        } catch (IOException | RuntimeException e) {
            server.close();
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    /** Removes the socket if it is still this server's (a newer server may have replaced it). */
    private static void removeOwn(Path socket, Object inode) {
        try {
            if (inode.equals(Files.getAttribute(socket, "unix:ino", LinkOption.NOFOLLOW_LINKS))) {
                Files.delete(socket);
            }
        } catch (IOException | RuntimeException e) {
            // gone already, or another server's now
        }
    }
}

package dev.starfish.runtime.launch;

import static java.util.Objects.requireNonNull;

/**
 * One spawn server ({@code starfish-exec --server}) for many launchers, e.g. every command a resident
 * server runs on one host: made for the settings of the first launcher, its process started at the
 * first tool of any of them and again at the next tool when it died, ended by {@link #close} (or
 * with this JVM: its stdin is the lifeline of every tool). What is a command's stays the command's:
 * each launcher made with it ({@link
 * ProcessLauncher#ProcessLauncher(LauncherSettings, ToolResolver, ToolEnvironment, SharedSpawnServer)})
 * sends its own environment, working directories and limits with every tool, stops only its own
 * tools, and closing it leaves the server running. Thread-safe.
 */
public final class SharedSpawnServer implements AutoCloseable {

    private LauncherSettings settings;
    private SpawnServer server;
    private boolean closed;

    /**
     * The server for a launcher of {@code wanted}: every launcher must run the same shim with the
     * same grace; after {@link #close} a closed one, whose launchers' tools fail to start.
     */
    synchronized SpawnServer serverFor(LauncherSettings wanted) {
        requireNonNull(wanted, "wanted is null");
        if (server == null) {
            settings = wanted;
            server = new SpawnServer(wanted.shim(), wanted.defaultGrace());
            if (closed) {
                server.close();
            }
        } else if (!settings.shim().equals(wanted.shim()) || !settings.defaultGrace().equals(wanted.defaultGrace())) {
            throw new IllegalArgumentException("the shared spawn server runs " + settings.shim() + " with a grace of "
                    + settings.defaultGrace() + ", this launcher's settings say " + wanted.shim() + " and "
                    + wanted.defaultGrace());
        }
        return server;
    }

    /** Ends the server and any tool still running on it. Idempotent. */
    @Override
    public void close() {
        SpawnServer started;
        synchronized (this) {
            closed = true;
            started = server;
        }
        if (started != null) {
            started.close();
        }
    }
}

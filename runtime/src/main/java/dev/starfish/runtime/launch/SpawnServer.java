package dev.starfish.runtime.launch;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The launcher's spawn server: one {@code starfish-exec --server} process, started at the first
 * spawn, that starts and supervises every tool (starfish-bin/shim/README.md, "Spawn server").
 * Requests go to its stdin, which is also its lifeline: when this JVM exits or is killed, the
 * kernel closes the pipe and the server terminates every tool it started. Its stdout carries the
 * tools' output and reports as frames, read by one daemon thread per server process that hands
 * them to the {@link ServerSpawn} of their id; its stderr (the server's own complaints, never a
 * tool's output) goes to the log as warnings. A server that died is replaced at the next spawn;
 * the runs it had in flight end as "could not start". Several launchers may share one server
 * ({@link SharedSpawnServer}): each starts its tools through {@link #starterFor} with its own
 * environment, and stops only the tools it started. Thread-safe.
 */
final class SpawnServer implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(SpawnServer.class);

    private final Path executable;
    private final Duration closeGrace;
    private final Object lock = new Object();
    private Connection connection;
    private int nextId = 1;
    private boolean closed;

    /** A server of {@code executable} (the shim); {@code closeGrace} bounds the wait for its exit on close. */
    SpawnServer(Path executable, Duration closeGrace) {
        this.executable = executable;
        this.closeGrace = closeGrace;
    }

    /** Starts tools on this server in {@code environment} (before each command's own removals and overrides). */
    ToolStarter starterFor(ToolEnvironment environment) {
        return (command, grace, stdout, stderr) -> start(SpawnRequest.encode(command, grace, environment), stdout,
                stderr);
    }

    private ToolStarter.StartedTool start(byte[] payload, Consumer<String> stdout, Consumer<String> stderr)
            throws IOException {
        synchronized (lock) {
            if (closed) {
                throw new IOException("the launcher was closed");
            }
            while (true) {
                // A server that died since the last run (killed, crashed) may not have been noticed yet:
                // its reader sees the end of the response pipe only when the last supervisor exits.
                if (connection != null && !connection.process().isAlive()) {
                    connection = null;
                }
                boolean fresh = connection == null;
                if (fresh) {
                    connection = connect();
                }
                Connection current = connection;
                ServerSpawn spawn = new ServerSpawn(nextId++, this, stdout, stderr);
                current.spawns.put(spawn.id(), spawn);
                try {
                    current.send('N', spawn.id(), payload);
                    return spawn;
                } catch (IOException e) {
                    current.spawns.remove(spawn.id());
                    connection = null;
                    if (!fresh) {
                        continue; // it died between the check and the request: one new server, once
                    }
                    String how = exitOf(current.process());
                    awaitDiagnostics(current);
                    throw new IOException("the spawn server " + executable + " ended unexpectedly (" + how + ")", e);
                }
            }
        }
    }

    /** Asks the server to terminate spawn {@code id}'s tool; nothing when the run is over or the server gone. */
    void kill(int id) {
        synchronized (lock) {
            if (connection == null || !connection.spawns.containsKey(id)) {
                return;
            }
            try {
                connection.send('K', id, new byte[0]);
            } catch (IOException e) {
                // the server is gone and took the tool with it; the reader reports the run as lost
            }
        }
    }

    /** One server process: its request stream and the runs it has in flight. */
    private record Connection(Process process, DataOutputStream requests, Map<Integer, ServerSpawn> spawns,
            Thread diagnostics) {

        void send(char type, int id, byte[] payload) throws IOException {
            requests.writeByte(type);
            requests.writeInt(id);
            requests.writeInt(payload.length);
            requests.write(payload);
            requests.flush();
        }
    }

    private Connection connect() throws IOException {
        Process started = new ProcessBuilder(executable.toString(), "--server").start();
        Thread diagnostics = daemon("starfish-spawn-server-stderr-" + started.pid(), () -> logDiagnostics(started));
        Connection opened = new Connection(started,
                new DataOutputStream(new BufferedOutputStream(started.getOutputStream(), 64 * 1024)),
                new ConcurrentHashMap<>(), diagnostics);
        daemon("starfish-spawn-server-" + started.pid(), () -> readFrames(opened));
        return opened;
    }

    private static Thread daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** The server's and its supervisors' own complaints (a failed syscall, a usage error) go to the log. */
    private void logDiagnostics(Process server) {
        try {
            new LineSplitter(LineSplitter.DEFAULT_MAX_LINE_BYTES,
                    line -> LOG.warn("{} --server: {}", executable, line)).pump(server.getErrorStream());
        } catch (IOException e) {
            // the server is gone: nothing more to log
        }
    }

    /** The reader thread of one server process: dispatches frames until the server's stdout ends. */
    private void readFrames(Connection server) {
        byte[] buffer = new byte[64 * 1024];
        try (DataInputStream in = new DataInputStream(
                new BufferedInputStream(server.process().getInputStream(), 64 * 1024))) {
            while (true) {
                int type = in.readUnsignedByte();
                int id = in.readInt();
                int length = in.readInt();
                if (length < 0 || length > buffer.length) {
                    throw new IOException("frame of " + length + " bytes for spawn " + id);
                }
                in.readFully(buffer, 0, length);
                dispatchGuarded(server.spawns(), type, id, buffer, length);
            }
        } catch (EOFException e) {
            // the server ended: below
        } catch (IOException e) {
            server.process().destroyForcibly();
        } finally {
            serverEnded(server);
        }
    }

    /** A sink that throws (e.g. a failing log appender) ends its own run, never the reader of all runs. */
    private void dispatchGuarded(Map<Integer, ServerSpawn> spawns, int type, int id, byte[] data, int length) {
        try {
            dispatch(spawns, type, id, data, length);
        } catch (RuntimeException e) {
            ServerSpawn spawn = spawns.get(id);
            if (spawn != null) {
                kill(id);
                spawns.remove(id);
                spawn.lost("reading its output failed (" + e + "); the tool was stopped");
            }
        }
    }

    private static void dispatch(Map<Integer, ServerSpawn> spawns, int type, int id, byte[] data, int length) {
        ServerSpawn spawn = spawns.get(id);
        if (spawn == null) {
            return; // a run the launcher already gave up on
        }
        switch (type) {
            case 'O' -> spawn.output(0, data, length);
            case 'E' -> spawn.output(1, data, length);
            case 'R' -> {
                spawns.remove(id);
                spawn.reported(new String(data, 0, length, StandardCharsets.UTF_8));
            }
            case 'X' -> {
                spawns.remove(id);
                spawn.lost("the spawn server could not run it: " + new String(data, 0, length, StandardCharsets.UTF_8));
            }
            default -> {
                spawns.remove(id);
                spawn.lost("the spawn server sent an unknown frame type " + type);
            }
        }
    }

    /** Fails the runs of a server that is gone; the next spawn starts a new one. */
    private void serverEnded(Connection server) {
        List<ServerSpawn> orphaned;
        synchronized (lock) {
            if (connection == server) {
                connection = null;
            }
            orphaned = new ArrayList<>(server.spawns().values());
            server.spawns().clear();
        }
        String how = exitOf(server.process());
        awaitDiagnostics(server);
        orphaned.forEach(spawn -> spawn.lost("the spawn server " + executable + " ended unexpectedly (" + how + ")"));
    }

    /** The server's last complaints reach the log before the runs it leaves fail (bounded: a grandchild may hold stderr). */
    private static void awaitDiagnostics(Connection server) {
        try {
            server.diagnostics().join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String exitOf(Process server) {
        try {
            return server.waitFor(1, TimeUnit.SECONDS) ? "exit status " + server.exitValue() : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "not waited for";
        }
    }

    /** Ends the server: its stdin closes, so it terminates any tool still running and exits. Idempotent. */
    @Override
    public void close() {
        Connection server;
        synchronized (lock) {
            closed = true;
            server = connection;
            connection = null;
            if (server == null) {
                return;
            }
            ShimStarter.closeQuietly(server.requests());
        }
        try {
            if (!server.process().waitFor(closeGrace.toMillis() + ToolExecution.SUPERVISOR_EXIT_MARGIN.toMillis(),
                    TimeUnit.MILLISECONDS)) {
                server.process().destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.starfish.runtime.launch;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.logging.log4j.ThreadContext;

/**
 * One tool started by the {@link SpawnServer}: the frames of its id arrive on the server's reader
 * thread, which splits the output into lines for the sinks (under the Log4j context of the thread
 * that started the tool) and completes the run with the report.
 */
final class ServerSpawn implements ToolStarter.StartedTool {

    private final int id;
    private final SpawnServer server;
    private final LineSplitter stdout;
    private final LineSplitter stderr;
    private final Map<String, String> context;
    private final CompletableFuture<ToolEnding> ending = new CompletableFuture<>();

    ServerSpawn(int id, SpawnServer server, Consumer<String> stdout, Consumer<String> stderr) {
        this.id = id;
        this.server = server;
        this.stdout = new LineSplitter(LineSplitter.DEFAULT_MAX_LINE_BYTES, stdout);
        this.stderr = new LineSplitter(LineSplitter.DEFAULT_MAX_LINE_BYTES, stderr);
        this.context = ThreadContext.getImmutableContext();
    }

    int id() {
        return id;
    }

    /** On the reader thread: a chunk of stdout ({@code stream} 0) or stderr (1). */
    void output(int stream, byte[] data, int length) {
        inContext(() -> (stream == 0 ? stdout : stderr).feed(data, 0, length));
    }

    /** On the reader thread: the report frame; the run is over. */
    void reported(String text) {
        inContext(() -> {
            stdout.end();
            stderr.end();
        });
        try {
            ending.complete(ToolEnding.of(ShimReport.parse(text, "the spawn server's report of spawn " + id)));
        } catch (IllegalStateException e) {
            ending.complete(ToolEnding.failedToStart(e.getMessage()));
        }
    }

    /** On the reader thread: the run ended without a report, for {@code why}; never throws. */
    void lost(String why) {
        try {
            inContext(() -> {
                stdout.end();
                stderr.end();
            });
        } catch (RuntimeException e) {
            // the sink that failed is why the run is lost, or the run is lost anyway: say why
        } finally {
            ending.complete(ToolEnding.failedToStart(why));
        }
    }

    @Override
    public ToolEnding await() throws InterruptedException {
        try {
            return ending.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("spawn " + id + " failed", e.getCause());
        }
    }

    @Override
    public void stop() {
        server.kill(id);
    }

    @Override
    public ToolEnding awaitUntil(long deadline) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return ending.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException again) {
                    interrupted = true;
                } catch (TimeoutException e) {
                    return ToolEnding.failedToStart("the spawn server did not report the end of spawn " + id
                            + " within the grace time");
                } catch (ExecutionException e) {
                    throw new IllegalStateException("spawn " + id + " failed", e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void inContext(Runnable action) {
        if (context.isEmpty()) {
            action.run();
            return;
        }
        ThreadContext.putAll(context);
        try {
            action.run();
        } finally {
            ThreadContext.clearMap();
        }
    }
}

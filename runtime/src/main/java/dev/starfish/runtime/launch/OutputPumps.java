package dev.starfish.runtime.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.logging.log4j.ThreadContext;

/**
 * The shared threads that read tools' stdout and stderr pipes.
 *
 * <p>Java 17 has no virtual threads and a pipe can only be read by blocking, so each open pipe
 * needs a platform thread. The launcher lets at most {@code maxProcesses} tools run at once and
 * each has at most two pipes, so {@code 2 × maxProcesses} core threads always suffice and no
 * pump ever waits in a queue. A pump can only outlive its run when a grandchild escaped the
 * tool's process group (e.g. with {@code setsid}) and still holds the pipe: the launcher then
 * gives up on it after a short drain, and the pump ends when that grandchild closes the pipe.
 * For such stragglers the pool may grow by another {@code 2 × maxProcesses} threads; past that
 * a run fails with a message instead of piling up threads. Threads are daemons and carry the
 * calling thread's Log4j {@link ThreadContext} (the host's {@code job} key) while they pump.
 */
final class OutputPumps implements AutoCloseable {

    private final ThreadPoolExecutor executor;

    OutputPumps(int maxProcesses) {
        int core = 2 * maxProcesses;
        this.executor = new ThreadPoolExecutor(core, 2 * core, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                daemonThreads());
    }

    /**
     * Starts reading {@code in} to its end on a pump thread, splitting it into lines for {@code sink}.
     *
     * @throws IllegalStateException when every pump thread is busy with pipes held by escaped processes
     */
    Future<?> start(InputStream in, Consumer<String> sink) {
        Map<String, String> context = ThreadContext.getImmutableContext();
        try {
            return executor.submit(() -> {
                ThreadContext.putAll(context);
                try {
                    new LineSplitter(LineSplitter.DEFAULT_MAX_LINE_BYTES, sink).pump(in);
                } catch (IOException e) {
                    // the launcher closed the stream after the drain time: the rest is lost on purpose
                } finally {
                    ThreadContext.clearMap();
                }
                return null;
            });
        } catch (RejectedExecutionException e) {
            throw new IllegalStateException("all " + executor.getMaximumPoolSize() + " output pump threads are busy;"
                    + " expected at most " + executor.getCorePoolSize() + " (processes still holding the output"
                    + " pipes of finished tools, e.g. daemons started with setsid, must be stopped)", e);
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "starfish-output-pump-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}

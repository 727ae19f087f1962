package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.apache.logging.log4j.ThreadContext;

/**
 * The one place that swaps a thread's context, as Trino's {@code ThreadContextClassLoader} does
 * for the class loader alone: while a scope is open, the current thread has a given context
 * class loader, Log4j thread context ({@value #JOB}, {@value #SUBGRAPH}, the compile's
 * {@code logfile}) and, when it works for a job, {@code [job X]} (and in the resident server
 * {@code [client PID]}) at the end of its name (what
 * the JVM's crash report shows as the crashing thread, so {@code bin/starfish} can name the job
 * when a plugin's native code takes the driver down). Closing restores all three exactly as
 * they were. Scopes nest; entering a job's scope again on the same thread changes nothing.
 *
 * <p>A {@link Context} is a snapshot of the three that can be entered on another thread: a
 * worker of the subgraph pool runs each subgraph in its caller's context.
 */
public final class JobThreadScope implements AutoCloseable {

    /** The log context key naming the running job. */
    public static final String JOB = "job";
    /** The log context key naming the subgraph a step works on. */
    public static final String SUBGRAPH = "subgraph";
    /**
     * The log context key of the resident server's client whose command a thread works for (its
     * pid): a job's thread then ends its name with {@code [client PID]}, so that the client can
     * tell from the server's crash report whose command crashed it.
     */
    public static final String CLIENT = "starfish.client";

    private final Thread thread;
    private final Context previous;
    private final String previousName;

    private JobThreadScope(Context next) {
        this.thread = Thread.currentThread();
        this.previous = Context.ofCurrentThread();
        this.previousName = thread.getName();
        next.apply(thread);
    }

    /** Enters {@code job}'s context: its plugin's loader, its name in the log context and the thread name. */
    public static JobThreadScope enter(RegisteredJob job) {
        return Context.ofCurrentThread().withLoader(job.plugin().loader()).with(JOB, job.name()).enter();
    }

    /** Enters the current context with {@code key} set to {@code value} in the log context. */
    public static JobThreadScope enter(String key, String value) {
        return Context.ofCurrentThread().with(key, value).enter();
    }

    @Override
    public void close() {
        previous.apply(thread);
        thread.setName(previousName);
    }

    /**
     * A thread's context class loader and log context, as a value.
     *
     * @param loader the context class loader, may be {@code null}
     * @param log the Log4j thread context map
     */
    public record Context(ClassLoader loader, Map<String, String> log) {

        private static final String TAG = " [job ";
        private static final String CLIENT_TAG = " [client ";

        public Context {
            log = Collections.unmodifiableMap(new HashMap<>(requireNonNull(log, "log is null")));
        }

        /** The current thread's context. */
        public static Context ofCurrentThread() {
            return new Context(Thread.currentThread().getContextClassLoader(), ThreadContext.getImmutableContext());
        }

        public Context withLoader(ClassLoader newLoader) {
            return new Context(newLoader, log);
        }

        public Context with(String key, String value) {
            Map<String, String> changed = new HashMap<>(log);
            changed.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
            return new Context(loader, changed);
        }

        /** Makes this the current thread's whole context until the scope is closed. */
        public JobThreadScope enter() {
            return new JobThreadScope(this);
        }

        private void apply(Thread thread) {
            thread.setContextClassLoader(loader);
            ThreadContext.clearMap();
            ThreadContext.putAll(log);
            String name = thread.getName();
            int tag = name.lastIndexOf(TAG);
            String base = tag >= 0 && name.endsWith("]") ? name.substring(0, tag) : name;
            String job = log.get(JOB);
            String client = log.get(CLIENT);
            String clientTag = client == null || base.contains(CLIENT_TAG) ? "" : CLIENT_TAG + client + "]";
            thread.setName(job == null ? base : base + TAG + job + "]" + clientTag);
        }
    }
}

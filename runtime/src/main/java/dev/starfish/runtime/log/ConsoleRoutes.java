package dev.starfish.runtime.log;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.ThreadContext;

/**
 * Where a logged event's console line goes: the stderr and console level of the command whose
 * thread logged it. A command opens its route on its own thread ({@link #open}); the route's key
 * travels in the Log4j thread context ({@value #KEY}), which every thread working for the command
 * (subgraph workers, output pumps, the spawn server's readers, batch workers) copies from the
 * thread that started its work, as it copies the compile's {@code logfile}. An event on a thread
 * without a route goes where the process's logging was set up to write (the one-shot driver's
 * stderr). One table for the process, as Log4j's own context is one for the process.
 */
public final class ConsoleRoutes {

    /** The thread context key naming the command's route. */
    public static final String KEY = "starfish.request";

    private static final ConsoleRoutes PROCESS = new ConsoleRoutes();

    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private final AtomicLong next = new AtomicLong();

    /** One command's console: its stderr and the level from which events are shown there. */
    public record Route(PrintStream err, Level level) {
        public Route {
            requireNonNull(err, "err is null");
            requireNonNull(level, "level is null");
        }
    }

    /** What undoes one {@link #open}. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    ConsoleRoutes() {
    }

    /** The routes of this process's logging. */
    public static ConsoleRoutes process() {
        return PROCESS;
    }

    /** Routes the events of this thread (and of the threads it hands its context to) to {@code route}. */
    public Registration open(Route route) {
        requireNonNull(route, "route is null");
        String key = Long.toString(next.incrementAndGet());
        routes.put(key, route);
        String previous = ThreadContext.get(KEY);
        ThreadContext.put(KEY, key);
        return () -> {
            routes.remove(key);
            if (previous == null) {
                ThreadContext.remove(KEY);
            } else {
                ThreadContext.put(KEY, previous);
            }
        };
    }

    /** The route of the calling thread's command, or {@code null}. */
    public Route current() {
        if (routes.isEmpty()) {
            return null;
        }
        String key = ThreadContext.get(KEY);
        return key == null ? null : routes.get(key);
    }

    /**
     * The least specific level of {@code fallback} and every open route: an event below it is shown
     * nowhere (the lazy loggers drop it without starting Log4j).
     */
    public Level loosest(Level fallback) {
        Level loosest = fallback;
        for (Route route : routes.values()) {
            if (route.level().isLessSpecificThan(loosest)) {
                loosest = route.level();
            }
        }
        return loosest;
    }
}

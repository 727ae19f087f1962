package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import dev.starfish.api.Subgraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.logging.log4j.ThreadContext;

/**
 * Runs a job's per-subgraph work, at most {@code parallelism} subgraphs at once. Worker
 * threads inherit the caller's log context and context class loader and add the
 * subgraph's name; the first failure is rethrown, naming the subgraph, after all finished.
 */
final class SubgraphRunner implements AutoCloseable {

    private final int parallelism;
    private final ExecutorService executor;

    SubgraphRunner(int parallelism) {
        this.parallelism = parallelism;
        AtomicInteger workers = new AtomicInteger();
        // numbered, so a compile's report and trace can tell the workers apart by name
        this.executor = parallelism > 1 ? Executors.newFixedThreadPool(parallelism, r -> {
            Thread t = new Thread(r, "starfish-subgraph-" + workers.incrementAndGet());
            t.setDaemon(true);
            return t;
        }) : null;
    }

    void forEach(String job, List<Subgraph> inputs, Consumer<Subgraph> action) {
        if (executor == null || inputs.size() < 2) {
            inputs.forEach(input -> runOne(job, input, action));
            return;
        }
        Map<String, String> context = ThreadContext.getImmutableContext();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        List<Future<?>> futures = new ArrayList<>();
        for (Subgraph input : inputs) {
            futures.add(executor.submit(() -> {
                ThreadContext.putAll(context);
                Thread.currentThread().setContextClassLoader(loader);
                try {
                    runOne(job, input, action);
                } finally {
                    ThreadContext.clearMap();
                    Thread.currentThread().setContextClassLoader(null);
                }
            }));
        }
        RuntimeException first = null;
        for (Future<?> future : futures) {
            try {
                future.get();
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause() instanceof RuntimeException re ? re : new JobException(String.valueOf(e.getCause()), e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                futures.forEach(f -> f.cancel(true));
                throw new JobException("job " + job + " was interrupted", e);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void runOne(String job, Subgraph input, Consumer<Subgraph> action) {
        String previous = ThreadContext.get("subgraph");
        ThreadContext.put("subgraph", input.name());
        try (JobThreadName name = JobThreadName.enter(job)) {
            action.accept(input);
        } catch (InvalidInputException e) {
            throw e;
        } catch (SubgraphFailure e) {
            throw e;
        } catch (JobException e) {
            throw new SubgraphFailure(job, input.name(), e);
        } finally {
            if (previous == null) {
                ThreadContext.remove("subgraph");
            } else {
                ThreadContext.put("subgraph", previous);
            }
        }
    }

    int parallelism() {
        return parallelism;
    }

    @Override
    public void close() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }

    /** A job failed on one subgraph; the message names both. */
    static final class SubgraphFailure extends JobException {
        private static final long serialVersionUID = 1L;

        SubgraphFailure(String job, String subgraph, JobException cause) {
            super("job " + job + " failed on subgraph " + subgraph + ": " + cause.getMessage(), cause);
        }
    }
}

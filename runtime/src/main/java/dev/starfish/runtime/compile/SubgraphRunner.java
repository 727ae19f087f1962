package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import dev.starfish.runtime.registry.NamedJobException;
import dev.starfish.api.Subgraph;
import dev.starfish.runtime.registry.JobThreadScope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs a job's per-subgraph work, at most {@code parallelism} subgraphs at once. Each subgraph
 * runs in its caller's {@link JobThreadScope} (context class loader, log context, thread name)
 * plus the subgraph's name, on the caller's thread or on a worker of the pool. Like
 * {@code make -k} and clang's driver with independent inputs, a failing subgraph does not stop
 * the others: every subgraph runs, whatever {@code --jobs} is, so one compile reports the same
 * failures with {@code -j 1} as with {@code -j 8}. Then the failure of the earliest failing
 * subgraph in the list is thrown, naming the job, the subgraph and how many others failed; any
 * exception of plugin code becomes such a {@link SubgraphFailure}, an invalid input passes as is.
 */
final class SubgraphRunner implements AutoCloseable {

    private final ExecutorService executor;

    SubgraphRunner(int parallelism) {
        AtomicInteger workers = new AtomicInteger();
        // numbered, so a compile's report and trace can tell the workers apart by name
        this.executor = parallelism > 1 ? Executors.newFixedThreadPool(parallelism, r -> {
            Thread t = new Thread(r, "starfish-subgraph-" + workers.incrementAndGet());
            t.setDaemon(true);
            return t;
        }) : null;
    }

    void forEach(String job, List<Subgraph> inputs, Consumer<Subgraph> action) {
        Map<String, RuntimeException> failures = new LinkedHashMap<>();
        if (executor == null || inputs.size() < 2) {
            for (Subgraph input : inputs) {
                try {
                    runOne(job, input, action);
                } catch (RuntimeException e) {
                    failures.put(input.name(), e);
                }
            }
        } else {
            runOnPool(job, inputs, action, failures);
        }
        throwFirst(failures);
    }

    private void runOnPool(String job, List<Subgraph> inputs, Consumer<Subgraph> action,
            Map<String, RuntimeException> failures) {
        JobThreadScope.Context context = JobThreadScope.Context.ofCurrentThread();
        List<Future<?>> futures = new ArrayList<>();
        for (Subgraph input : inputs) {
            futures.add(executor.submit(() -> {
                try (JobThreadScope scope = context.enter()) {
                    runOne(job, input, action);
                }
            }));
        }
        for (int i = 0; i < futures.size(); i++) {
            String name = inputs.get(i).name();
            try {
                futures.get(i).get();
            } catch (ExecutionException e) {
                failures.put(name, e.getCause() instanceof RuntimeException re ? re
                        : new SubgraphFailure(job, name, e.getCause()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                futures.forEach(f -> f.cancel(true));
                throw new JobException("job " + job + " was interrupted", e);
            }
        }
    }

    private static void runOne(String job, Subgraph input, Consumer<Subgraph> action) {
        try (JobThreadScope scope = JobThreadScope.Context.ofCurrentThread().with(JobThreadScope.JOB, job)
                .with(JobThreadScope.SUBGRAPH, input.name()).enter()) {
            action.accept(input);
        } catch (InvalidInputException | SubgraphFailure e) {
            throw e;
        } catch (RuntimeException | StackOverflowError | AssertionError | LinkageError e) {
            throw new SubgraphFailure(job, input.name(), e);
        }
    }

    /** Throws the first failure in input order, naming the other failed subgraphs; the rest are suppressed. */
    private static void throwFirst(Map<String, RuntimeException> failures) {
        if (failures.isEmpty()) {
            return;
        }
        List<String> names = List.copyOf(failures.keySet());
        RuntimeException first = failures.get(names.get(0));
        List<String> others = names.subList(1, names.size());
        RuntimeException thrown = first instanceof SubgraphFailure f && !others.isEmpty()
                ? new SubgraphFailure(f.getMessage() + " (and on " + others.size() + " more: "
                        + String.join(", ", others) + ")", f.getCause())
                : first;
        others.forEach(name -> thrown.addSuppressed(failures.get(name)));
        throw thrown;
    }

    @Override
    public void close() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }

    /** A job failed on one subgraph; the message names both. */
    static final class SubgraphFailure extends NamedJobException {
        private static final long serialVersionUID = 1L;

        SubgraphFailure(String job, String subgraph, Throwable cause) {
            this("job " + job + " failed on subgraph " + subgraph + ": " + (cause instanceof JobException
                    ? cause.getMessage() : JobSteps.describe(cause) + " (the log has the stack trace)"), cause);
        }

        private SubgraphFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}

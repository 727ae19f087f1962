package dev.starfish.runtime.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobException;
import dev.starfish.api.Subgraph;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.apache.logging.log4j.ThreadContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Per-subgraph work, one after another ({@code --jobs 1}) or on a pool ({@code --jobs 2}). */
class SubgraphRunnerTest {

    @TempDir
    Path tmp;

    @AfterEach
    void clearContext() {
        ThreadContext.clearMap();
    }

    private List<Subgraph> subgraphs(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> new Subgraph(String.format("sg%02d", i), tmp.resolve(String.format("sg%02d", i)))).toList();
    }

    /** What an action saw on its thread while it ran. */
    private record Seen(String subgraph, String run, ClassLoader loader, String threadName) {
        static Seen now() {
            return new Seen(ThreadContext.get("subgraph"), ThreadContext.get("run"),
                    Thread.currentThread().getContextClassLoader(), Thread.currentThread().getName());
        }
    }

    private static Map<String, Seen> runRecording(SubgraphRunner runner, List<Subgraph> inputs, Consumer<Subgraph> extra) {
        Map<String, Seen> seen = new ConcurrentHashMap<>();
        runner.forEach("lower", inputs, input -> {
            assertThat(seen.putIfAbsent(input.name(), Seen.now())).as("%s visited once", input.name()).isNull();
            extra.accept(input);
        });
        return seen;
    }

    @Test
    void sequentialRunVisitsEverySubgraphOnceInOrder() {
        List<String> visited = new CopyOnWriteArrayList<>();
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            runner.forEach("lower", subgraphs(3), input -> visited.add(input.name()));
        }
        assertThat(visited).containsExactly("sg00", "sg01", "sg02");
    }

    @Test
    void parallelRunVisitsEverySubgraphOnce() {
        Map<String, Seen> seen;
        try (SubgraphRunner runner = new SubgraphRunner(2)) {
            seen = runRecording(runner, subgraphs(5), input -> { });
        }
        assertThat(seen).containsOnlyKeys("sg00", "sg01", "sg02", "sg03", "sg04");
    }

    @Test
    @Timeout(60) // guards against a hang only; nothing here measures time
    void parallelRunHasTwoSubgraphsInFlightAtOnce() throws Exception {
        CyclicBarrier bothStarted = new CyclicBarrier(2);
        try (SubgraphRunner runner = new SubgraphRunner(2)) {
            runner.forEach("lower", subgraphs(2), input -> {
                try {
                    bothStarted.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        assertThat(bothStarted.isBroken()).as("both subgraphs met at the barrier").isFalse();
    }

    @Test
    void sequentialRunSetsSubgraphContextAndThreadNameThenRestoresThem() {
        ThreadContext.put("subgraph", "outer");
        String threadName = Thread.currentThread().getName();
        Map<String, Seen> seen;
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            seen = runRecording(runner, subgraphs(2), input -> { });
        }
        assertThat(seen.get("sg00").subgraph()).isEqualTo("sg00");
        assertThat(seen.get("sg01").subgraph()).isEqualTo("sg01");
        assertThat(seen.get("sg01").threadName()).isEqualTo(threadName + " [job lower]");
        assertThat(ThreadContext.get("subgraph")).as("caller's value restored").isEqualTo("outer");
        assertThat(Thread.currentThread().getName()).as("thread name restored").isEqualTo(threadName);
    }

    @Test
    void sequentialRunRemovesSubgraphKeyTheCallerDidNotHave() {
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            runRecording(runner, subgraphs(2), input -> { });
        }
        assertThat(ThreadContext.containsKey("subgraph")).isFalse();
    }

    @Test
    void parallelWorkersInheritCallerContextAndClassLoaderPerSubgraph() throws Exception {
        ClassLoader callerLoader = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader jobLoader = new URLClassLoader("job-lower", new URL[0], null);
                SubgraphRunner runner = new SubgraphRunner(2)) {
            Thread.currentThread().setContextClassLoader(jobLoader);
            ThreadContext.put("run", "first");
            Map<String, Seen> seen = runRecording(runner, subgraphs(4), input -> { });
            assertThat(seen.values()).allSatisfy(s -> {
                assertThat(s.run()).as("caller's log context").isEqualTo("first");
                assertThat(s.loader()).as("caller's context class loader").isSameAs(jobLoader);
                assertThat(s.threadName()).matches("starfish-subgraph-[12] \\[job lower\\]");
            });
            assertThat(seen).allSatisfy((name, s) -> assertThat(s.subgraph()).isEqualTo(name));
        } finally {
            Thread.currentThread().setContextClassLoader(callerLoader);
        }
    }

    @Test
    void parallelWorkersKeepNothingFromAnEarlierCall() {
        ClassLoader callerLoader = Thread.currentThread().getContextClassLoader();
        try (SubgraphRunner runner = new SubgraphRunner(2)) {
            ThreadContext.put("run", "first");
            runRecording(runner, subgraphs(4), input -> { });
            ThreadContext.remove("run");
            Thread.currentThread().setContextClassLoader(null);
            Map<String, Seen> second = runRecording(runner, subgraphs(4), input -> { });
            assertThat(second.values()).allSatisfy(s -> {
                assertThat(s.run()).as("log context of the earlier call cleared").isNull();
                assertThat(s.loader()).as("class loader of the earlier call cleared").isNull();
            });
        } finally {
            Thread.currentThread().setContextClassLoader(callerLoader);
        }
    }

    @Test
    void sequentialFailureNamesJobAndSubgraph() {
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            assertThatThrownBy(() -> runner.forEach("lower", subgraphs(2), input -> {
                if (input.name().equals("sg01")) {
                    throw new JobException("tool exited 3");
                }
            })).isInstanceOf(SubgraphRunner.SubgraphFailure.class)
                    .hasMessage("job lower failed on subgraph sg01: tool exited 3");
        }
    }

    @Test
    void parallelFailureIsRethrownNamingJobAndSubgraphAfterAllFinished() {
        CountDownLatch failed = new CountDownLatch(1);
        List<String> finished = new CopyOnWriteArrayList<>();
        try (SubgraphRunner runner = new SubgraphRunner(2)) {
            assertThatThrownBy(() -> runner.forEach("lower", subgraphs(2), input -> {
                if (input.name().equals("sg00")) {
                    failed.countDown();
                    throw new JobException("tool exited 3");
                }
                awaitUninterruptibly(failed);
                finished.add(input.name());
            })).isInstanceOf(SubgraphRunner.SubgraphFailure.class)
                    .hasMessage("job lower failed on subgraph sg00: tool exited 3");
        }
        assertThat(finished).as("sg01 ran to its end after sg00 failed, before the failure was rethrown")
                .containsExactly("sg01");
    }

    @Test
    void parallelFailuresRethrowTheOneOfTheEarliestSubgraphInTheList() {
        CountDownLatch laterFailed = new CountDownLatch(1);
        try (SubgraphRunner runner = new SubgraphRunner(2)) {
            assertThatThrownBy(() -> runner.forEach("lower", subgraphs(2), input -> {
                if (input.name().equals("sg01")) {
                    laterFailed.countDown();
                    throw new JobException("second");
                }
                awaitUninterruptibly(laterFailed);
                throw new JobException("first");
            })).hasMessage("job lower failed on subgraph sg00: first (and on 1 more: sg01)");
        }
    }

    @Test
    void sequentialRunKeepsGoingAfterAFailureAndNamesEveryFailedSubgraph() {
        List<String> visited = new CopyOnWriteArrayList<>();
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            assertThatThrownBy(() -> runner.forEach("lower", subgraphs(4), failingOn(visited, "sg00", "sg02")))
                    .isInstanceOf(SubgraphRunner.SubgraphFailure.class)
                    .hasMessage("job lower failed on subgraph sg00: tool exited 3 on sg00 (and on 1 more: sg02)")
                    .satisfies(e -> assertThat(e.getSuppressed()).as("the other failure, for the log")
                            .singleElement().extracting(Throwable::getMessage)
                            .isEqualTo("job lower failed on subgraph sg02: tool exited 3 on sg02"));
        }
        assertThat(visited).as("like make -k: every subgraph ran").containsExactly("sg00", "sg01", "sg02", "sg03");
    }

    @Test
    void parallelRunFailsWithTheSameMessageAsASequentialOne() {
        List<String> visited = new CopyOnWriteArrayList<>();
        try (SubgraphRunner runner = new SubgraphRunner(2)) {
            assertThatThrownBy(() -> runner.forEach("lower", subgraphs(4), failingOn(visited, "sg00", "sg02")))
                    .hasMessage("job lower failed on subgraph sg00: tool exited 3 on sg00 (and on 1 more: sg02)");
        }
        assertThat(visited).containsExactlyInAnyOrder("sg00", "sg01", "sg02", "sg03");
    }

    private static Consumer<Subgraph> failingOn(List<String> visited, String... failing) {
        return input -> {
            visited.add(input.name());
            if (List.of(failing).contains(input.name())) {
                throw new JobException("tool exited 3 on " + input.name());
            }
        };
    }

    @Test
    void anyExceptionOfPluginCodeNamesJobSubgraphAndWhereItWasThrown() {
        for (int parallelism : new int[] {1, 2}) {
            try (SubgraphRunner runner = new SubgraphRunner(parallelism)) {
                assertThatThrownBy(() -> runner.forEach("lower", subgraphs(2), input -> {
                    if (input.name().equals("sg01")) {
                        Object missing = null;
                        missing.hashCode();
                    }
                })).as("-j %d", parallelism).isInstanceOf(SubgraphRunner.SubgraphFailure.class)
                        .hasMessageStartingWith("job lower failed on subgraph sg01: NullPointerException")
                        .hasMessageContaining(" at SubgraphRunnerTest.java:")
                        .hasMessageEndingWith(" (the log has the stack trace)");
            }
        }
    }

    @Test
    void anErrorOfPluginCodeOnAWorkerNamesJobAndSubgraph() {
        try (SubgraphRunner runner = new SubgraphRunner(2)) {
            assertThatThrownBy(() -> runner.forEach("lower", subgraphs(2), input -> {
                throw new AssertionError("invariant broken in " + input.name());
            })).isInstanceOf(SubgraphRunner.SubgraphFailure.class)
                    .hasMessageStartingWith("job lower failed on subgraph sg00: AssertionError: invariant broken in sg00")
                    .hasMessageContaining("(and on 1 more: sg01)");
        }
    }

    @Test
    void invalidInputPassesThroughUnwrapped() {
        InvalidInputException invalid = new InvalidInputException("sg00 has no model.bir");
        try (SubgraphRunner runner = new SubgraphRunner(1)) {
            assertThatThrownBy(() -> runner.forEach("lower", subgraphs(1), input -> {
                throw invalid;
            })).isSameAs(invalid);
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.logging.log4j.ThreadContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The one scope that swaps a thread's context class loader, log context and name together. */
class JobThreadScopeTest {

    private ClassLoader callerLoader;
    private String callerName;

    @BeforeEach
    void remember() {
        callerLoader = Thread.currentThread().getContextClassLoader();
        callerName = Thread.currentThread().getName();
    }

    @AfterEach
    void restore() {
        Thread.currentThread().setContextClassLoader(callerLoader);
        Thread.currentThread().setName(callerName);
        ThreadContext.clearMap();
    }

    @Test
    void aScopeSetsLoaderLogContextAndThreadNameAndRestoresAllThree() throws Exception {
        ThreadContext.put("logfile", "/w/log.txt");
        try (URLClassLoader loader = new URLClassLoader("job-lower", new URL[0], null)) {
            JobThreadScope.Context context = JobThreadScope.Context.ofCurrentThread().withLoader(loader)
                    .with(JobThreadScope.JOB, "Lower");
            try (JobThreadScope scope = context.enter()) {
                assertThat(Thread.currentThread().getContextClassLoader()).isSameAs(loader);
                assertThat(ThreadContext.getImmutableContext()).containsExactlyInAnyOrderEntriesOf(
                        Map.of("logfile", "/w/log.txt", "job", "Lower"));
                assertThat(Thread.currentThread().getName()).isEqualTo(callerName + " [job Lower]");
            }
        }
        assertThat(Thread.currentThread().getContextClassLoader()).isSameAs(callerLoader);
        assertThat(ThreadContext.getImmutableContext()).containsExactlyEntriesOf(Map.of("logfile", "/w/log.txt"));
        assertThat(Thread.currentThread().getName()).isEqualTo(callerName);
    }

    @Test
    void nestedScopesReplaceTheJobTagInsteadOfAppendingAndUnwindInOrder() {
        try (JobThreadScope outer = JobThreadScope.enter(JobThreadScope.JOB, "A")) {
            try (JobThreadScope inner = JobThreadScope.enter(JobThreadScope.JOB, "B");
                    JobThreadScope again = JobThreadScope.enter(JobThreadScope.JOB, "B")) {
                assertThat(Thread.currentThread().getName()).isEqualTo(callerName + " [job B]");
            }
            assertThat(Thread.currentThread().getName()).isEqualTo(callerName + " [job A]");
            assertThat(ThreadContext.get(JobThreadScope.JOB)).isEqualTo("A");
        }
        assertThat(ThreadContext.containsKey(JobThreadScope.JOB)).isFalse();
    }

    @Test
    void aContextEnteredOnAnotherThreadReplacesWhateverThatThreadHad() throws Exception {
        ThreadContext.put(JobThreadScope.JOB, "Lower");
        JobThreadScope.Context carried = JobThreadScope.Context.ofCurrentThread();
        AtomicReference<Map<String, String>> seen = new AtomicReference<>();
        AtomicReference<String> name = new AtomicReference<>();
        AtomicReference<Map<String, String>> after = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            ThreadContext.put("stale", "from an earlier task");
            try (JobThreadScope scope = carried.with(JobThreadScope.SUBGRAPH, "sg01").enter()) {
                seen.set(ThreadContext.getImmutableContext());
                name.set(Thread.currentThread().getName());
            }
            after.set(ThreadContext.getImmutableContext());
        }, "worker");
        worker.start();
        worker.join();
        assertThat(seen.get()).containsExactlyInAnyOrderEntriesOf(Map.of("job", "Lower", "subgraph", "sg01"));
        assertThat(name.get()).isEqualTo("worker [job Lower]");
        assertThat(after.get()).as("the worker's own context is back").containsExactlyEntriesOf(
                Map.of("stale", "from an earlier task"));
    }
}

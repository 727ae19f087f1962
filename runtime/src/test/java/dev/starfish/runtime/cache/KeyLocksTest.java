package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.launch.LogCapture;
import dev.starfish.runtime.invocation.Umask;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each key is filled once however many threads or processes start together; dead holders' locks are broken once. */
class KeyLocksTest {

    @TempDir
    Path tmp;

    static final CacheKey KEY = new CacheKey("d".repeat(64));

    @Test
    void threadsOfOneBatchCompileEachKeyOnceAndTheOthersHit() throws Exception {
        CompileCache cache = CompileCache.open(new CacheSettings(tmp.resolve("cache"), 0, Duration.ofSeconds(60)));
        Path neff = Files.writeString(tmp.resolve("model.neff"), "NEFF");
        int threads = 8;
        AtomicInteger compiled = new AtomicInteger();
        AtomicInteger hits = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Path output = tmp.resolve("out" + i + ".neff");
                done.add(pool.submit(() -> {
                    start.await();
                    if (cache.lookup(KEY).map(e -> cache.copyOut(e, output, Umask.USUAL.fileMode())).orElse(false)) {
                        hits.incrementAndGet();
                        return null;
                    }
                    try (CompileCache.KeyLock lock = cache.lock(KEY)) {
                        if (cache.lookup(KEY).map(e -> cache.copyOut(e, output, Umask.USUAL.fileMode())).orElse(false)) {
                            hits.incrementAndGet();
                            return null;
                        }
                        compiled.incrementAndGet();
                        cache.store(KEY, neff, "model.hlo", 1, "0.1.0");
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(compiled.get()).as("one compile").isEqualTo(1);
        assertThat(hits.get()).as("every other thread hits").isEqualTo(threads - 1);
        assertThat(tmp.resolve("cache/locks/" + KEY.hex() + ".lock")).as("released").doesNotExist();
    }

    @Test
    void aLockOfADeadProcessOnThisHostIsBrokenByExactlyOneOfSeveralWaiters() throws Exception {
        Path locks = Files.createDirectories(tmp.resolve("locks"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        HostIdentity dead = new HostIdentity(HostIdentity.current().host(), gone.pid(), 0);
        Files.write(locks.resolve(KEY.hex() + ".lock"), new LockFile(dead, "0123").encode());
        int breakers = 6;
        AtomicInteger holding = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(breakers);
        try (LogCapture log = new LogCapture(KeyLocks.class)) {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < breakers; i++) {
                // one KeyLocks each: as separate processes, they meet only at the lock file
                KeyLocks own = new KeyLocks(locks, HostIdentity.current(), Duration.ofSeconds(60));
                done.add(pool.submit(() -> {
                    start.await();
                    try (HeldLock held = own.acquire(KEY)) {
                        mostAtOnce.accumulateAndGet(holding.incrementAndGet(), Math::max);
                        Thread.yield();
                        holding.decrementAndGet();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
            assertThat(log.lines().stream().filter(l -> l.startsWith("Broke the stale"))).singleElement().asString()
                    .contains("pid " + gone.pid()).contains("that process is gone");
        } finally {
            pool.shutdownNow();
        }
        assertThat(mostAtOnce.get()).as("never two holders at once").isEqualTo(1);
    }

    @Test
    void aLiveHolderOnThisHostIsWaitedFor() throws Exception {
        Path locks = Files.createDirectories(tmp.resolve("locks"));
        Process holder = new ProcessBuilder("sleep", "600").start();
        try {
            HostIdentity live = new HostIdentity(HostIdentity.current().host(), holder.pid(),
                    holder.info().startInstant().orElseThrow().toEpochMilli());
            byte[] content = new LockFile(live, "4567").encode();
            Path file = locks.resolve(KEY.hex() + ".lock");
            Files.write(file, content);
            KeyLocks waiter = new KeyLocks(locks, HostIdentity.current(), Duration.ofSeconds(60));
            try (LogCapture log = new LogCapture(KeyLocks.class)) {
                ExecutorService pool = Executors.newSingleThreadExecutor();
                try {
                    Future<HeldLock> acquired = pool.submit(() -> waiter.acquire(KEY));
                    awaitLine(log, "Waiting for pid " + holder.pid());
                    assertThat(acquired).isNotDone();
                    assertThat(Files.readAllBytes(file)).as("the live holder's lock is left alone").isEqualTo(content);
                    holder.destroy();
                    holder.waitFor();
                    try (HeldLock held = acquired.get()) {
                        assertThat(Files.readString(file)).contains("pid=" + ProcessHandle.current().pid());
                    }
                } finally {
                    pool.shutdownNow();
                }
            }
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void anotherHostsLockIsBrokenOnlyOnceItsHeartbeatStops() throws Exception {
        Path locks = Files.createDirectories(tmp.resolve("locks"));
        Path file = locks.resolve(KEY.hex() + ".lock");
        Files.write(file, new LockFile(new HostIdentity("elsewhere", 1, 0), "89ab").encode());
        // the holder beats every 10 ms; the waiter would break it only after 2 s without a beat
        Duration stale = Duration.ofSeconds(2);
        KeyLocks waiter = new KeyLocks(locks, HostIdentity.current(), stale);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (LogCapture log = new LogCapture(KeyLocks.class)) {
            Future<HeldLock> acquired = pool.submit(() -> waiter.acquire(KEY));
            awaitLine(log, "Waiting for pid 1 on elsewhere");
            long beatingSince = System.nanoTime();
            Instant beat = Instant.parse("2030-01-01T00:00:00Z");
            while (System.nanoTime() - beatingSince < 2 * stale.toNanos()) {
                beat = beat.plusSeconds(1);
                Files.setLastModifiedTime(file, FileTime.from(beat));
                Thread.sleep(10);
            }
            assertThat(acquired).as("a beating lock is not broken after twice the stale limit").isNotDone();
            try (HeldLock held = acquired.get()) {
                assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("Broke the stale")
                        .contains("pid 1 on elsewhere").contains("heartbeat stopped"));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void awaitLine(LogCapture log, String text) throws InterruptedException {
        while (log.lines().stream().noneMatch(l -> l.contains(text))) {
            Thread.sleep(5);
        }
    }

    @Test
    void aLockFileOfAnotherToolIsNotTakenForAHolder() throws IOException {
        assertThat(LockFile.parse("hello\n".getBytes())).isEmpty();
        LockFile ours = new LockFile(new HostIdentity("h", 42, 7), "ff");
        assertThat(LockFile.parse(ours.encode())).contains(ours);
    }
}

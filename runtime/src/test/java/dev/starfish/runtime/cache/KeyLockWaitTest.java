package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.runtime.launch.LogCapture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A waiter for a key's lock says whom it waits for, gives up after its bound, and never opens a non-regular lock. */
class KeyLockWaitTest {

    @TempDir
    Path tmp;

    private static final CacheKey KEY = new CacheKey("e".repeat(64));

    private Path locks() throws IOException {
        return Files.createDirectories(tmp.resolve("locks"));
    }

    @Test
    void aLockOfALivePidWithoutStartTimeIsWaitedForAtMostTheBoundAndNamedOnce() throws Exception {
        Path locks = locks();
        HostIdentity self = HostIdentity.current();
        Path file = locks.resolve(KEY.hex() + ".lock");
        long livePid = ProcessHandle.current().pid();
        Files.write(file, new LockFile(new HostIdentity(self.host(), livePid, -1), "0123").encode());
        KeyLocks waiter = new KeyLocks(locks, self, Duration.ofSeconds(60), Duration.ZERO);

        try (LogCapture log = new LogCapture(KeyLocks.class)) {
            assertThatThrownBy(() -> waiter.acquire(KEY, "mlp.hlo")).isInstanceOf(LockWaitExpiredException.class)
                    .hasMessage("gave up after 0 s (cache.lock.wait.seconds) waiting for pid " + livePid + " on "
                            + self.host() + " (start time not recorded), which holds the compile cache lock " + file
                            + " of mlp.hlo");
            assertThat(log.lines()).filteredOn(l -> l.contains("Waiting for")).singleElement().asString()
                    .contains("Waiting for pid " + livePid + " on " + self.host() + " (start time not recorded), which "
                            + "holds the compile cache lock of mlp.hlo (cache key " + KEY + "; lock " + file
                            + "); waiting at most 0 s (cache.lock.wait.seconds)");
        }
        assertThat(file).as("a live holder's lock is left alone").exists();
    }

    @Test
    void aFifoInPlaceOfTheLockIsRefusedWithoutOpeningIt() throws Exception {
        Path locks = locks();
        Path fifo = locks.resolve(KEY.hex() + ".lock");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertThat(mkfifo.waitFor()).isZero();
        KeyLocks waiter = new KeyLocks(locks, HostIdentity.current(), Duration.ofSeconds(60), Duration.ofDays(1));

        assertThatThrownBy(() -> waiter.acquire(KEY, "mlp.hlo")).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("the compile cache lock " + fifo + " is a FIFO, socket or device, not a regular "
                        + "file, so it is not opened; remove it");
    }

    @Test
    void aWaitThatRunsOutInTheCacheIsOneWarningAndTheCompileGoesOnUnlocked() throws Exception {
        CompileCache cache = CompileCache.open(new CacheSettings(tmp.resolve("cache"), 0, Duration.ofSeconds(60),
                Duration.ZERO));
        Path file = tmp.resolve("cache/locks/" + KEY.hex() + ".lock");
        HostIdentity self = HostIdentity.current();
        Files.write(file, new LockFile(new HostIdentity(self.host(), ProcessHandle.current().pid(), -1), "4567")
                .encode());

        try (LogCapture log = new LogCapture(CompileCache.class); CompileCache.KeyLock lock = cache.lock(KEY, "mlp.hlo")) {
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("gave up after 0 s")
                    .contains("; compiling without the lock"));
        }
    }
}

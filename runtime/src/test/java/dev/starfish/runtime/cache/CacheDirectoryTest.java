package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.runtime.launch.LogCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compile cache root obeys the native cache's rule for the directories above it. */
class CacheDirectoryTest {

    @TempDir
    Path tmp;

    @Test
    void aCacheBelowADirectoryOthersMayWriteWithoutTheStickyBitIsNotUsed() throws IOException {
        Path open = Files.createDirectories(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path root = open.resolve("cache");
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            CompileCache cache = CompileCache.open(new CacheSettings(root, 0, Duration.ofSeconds(60)));
            assertThat(cache.enabled()).as("another user could rename the cache away and put theirs there").isFalse();
            assertThat(log.lines()).singleElement().asString()
                    .contains("the compile cache directory " + root + " lies in " + open
                            + ", which is writable by group or others without the sticky bit (mode 0777)")
                    .endsWith("; compiling without the cache");
        }
        assertThatThrownBy(() -> CacheDirectory.existing(root)).isInstanceOf(UnusableCacheException.class)
                .hasMessageContaining("lies in " + open);
    }

    @Test
    void aNewCacheAnotherDriverIsTaggingThisVeryMomentIsUsedNotTakenForAForeignDirectory() throws IOException {
        // two compiles on two nodes open one new shared cache at once: the first made the directory and
        // is writing its tag aside (.tagNNN.tmp, then renamed); the second sees only that temporary
        Path root = Files.createDirectory(tmp.resolve("shared-cache"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Files.writeString(root.resolve(".tag4242.tmp"), CacheDirectory.TAG_TEXT);

        CompileCache cache = CompileCache.open(new CacheSettings(root, 0, Duration.ofSeconds(60)));

        assertThat(cache.enabled()).as("it used to be refused as not empty and not a Starfish cache: off").isTrue();
        assertThat(root.resolve(CacheDirectory.TAG)).hasContent(CacheDirectory.TAG_TEXT);
    }

    @Test
    void aDirectoryHoldingAnythingElseIsStillNotTakenOver() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("someone-elses"));
        Files.writeString(root.resolve(".tag-notes.txt"), "mine");

        assertThatThrownBy(() -> CacheDirectory.existing(root)).isInstanceOf(UnusableCacheException.class)
                .hasMessageContaining("is not empty and is not a Starfish compile cache");
    }

    @Test
    void aCacheBelowAStickyDirectoryOthersMayWriteIsUsed() throws IOException {
        Path sticky = Files.createDirectories(tmp.resolve("sticky"));
        Files.setAttribute(sticky, "unix:mode", 01777);
        CompileCache cache = CompileCache.open(new CacheSettings(sticky.resolve("cache"), 0, Duration.ofSeconds(60)));
        assertThat(cache.directory()).as("like /tmp: others cannot rename what they do not own")
                .contains(sticky.resolve("cache"));
    }

    @Test
    void driversOpeningOneNewCacheAtOnceAllUseItWhateverOrderTheirLooksInterleave() throws Exception {
        // CompileCacheIT saw it: one opener tagged the cache and made entries/ between another's two looks
        // (tagged? then empty?), and the other took the cache for a stranger's directory
        int openers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(openers);
        try {
            for (int round = 0; round < 300; round++) {
                Path root = tmp.resolve("shared-" + round);
                CyclicBarrier start = new CyclicBarrier(openers);
                List<Future<CacheDirectory>> opened = new ArrayList<>();
                for (int i = 0; i < openers; i++) {
                    opened.add(pool.submit(() -> {
                        start.await();
                        return CacheDirectory.open(root);
                    }));
                }
                for (Future<CacheDirectory> one : opened) {
                    assertThat(one.get().root()).as("round %d", round).isEqualTo(root);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

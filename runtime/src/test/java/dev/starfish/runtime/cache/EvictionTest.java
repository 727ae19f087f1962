package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Past the cap, corrupt entries go first: they are not sound, yet they count against the cap. */
class EvictionTest {

    @TempDir
    Path tmp;

    private CompileCache cache(long maxBytes) {
        return CompileCache.open(new CacheSettings(tmp.resolve("cache"), maxBytes, Duration.ofSeconds(60)));
    }

    private Path neff(String name, String content) throws IOException {
        return Files.writeString(Files.createDirectories(tmp.resolve("out")).resolve(name), content);
    }

    private Path entryDir(CacheKey key) {
        return tmp.resolve("cache/entries").resolve(key.hex());
    }

    @Test
    void aCorruptEntryIsEvictedBeforeAnySoundOne() throws IOException {
        CompileCache uncapped = cache(0);
        uncapped.store(CompileCacheTest.A, neff("a.neff", "x".repeat(1000)), "a.hlo", 1, "0.1.0");
        long entryBytes = uncapped.lookup(CompileCacheTest.A).orElseThrow().bytes();
        uncapped.store(CompileCacheTest.B, neff("b.neff", "y".repeat(1000)), "b.hlo", 1, "0.1.0");
        // B is the most recently used but corrupt: a bigger .neff than its manifest says
        Files.setLastModifiedTime(entryDir(CompileCacheTest.A), FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        Files.write(entryDir(CompileCacheTest.B).resolve(EntryManifest.NEFF), new byte[4000], StandardOpenOption.APPEND);
        Files.setLastModifiedTime(entryDir(CompileCacheTest.B), FileTime.from(Instant.parse("2021-01-01T00:00:00Z")));

        CompileCache capped = cache(2 * entryBytes + entryBytes / 2);
        capped.store(CompileCacheTest.C, neff("c.neff", "z".repeat(1000)), "c.hlo", 1, "0.1.0");

        assertThat(entryDir(CompileCacheTest.B)).as("the corrupt entry is evicted").doesNotExist();
        assertThat(entryDir(CompileCacheTest.A)).as("the sound entry, though least recently used, is kept").exists();
        assertThat(entryDir(CompileCacheTest.C)).exists();
        assertThat(capped.lookup(CompileCacheTest.A)).as("the cache still hits").isPresent();
    }

    @Test
    void aCorruptEntryWhoseKeyIsLockedIsLeftToItsHolder() throws Exception {
        CompileCache uncapped = cache(0);
        uncapped.store(CompileCacheTest.A, neff("a.neff", "x".repeat(1000)), "a.hlo", 1, "0.1.0");
        Files.write(entryDir(CompileCacheTest.A).resolve(EntryManifest.NEFF), new byte[10], StandardOpenOption.APPEND);
        CompileCache capped = cache(1);
        try (CompileCache.KeyLock held = capped.lock(CompileCacheTest.A)) {
            capped.store(CompileCacheTest.C, neff("c.neff", "z".repeat(1000)), "c.hlo", 1, "0.1.0");
        }
        assertThat(entryDir(CompileCacheTest.A)).as("locked: its holder drops or replaces it").exists();
    }
}

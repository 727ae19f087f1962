package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** info counts, verify drops the corrupt entries by name, clear removes entries and dead processes' leftovers only. */
class CacheMaintenanceTest {

    @TempDir
    Path tmp;

    @Test
    void infoVerifyAndClearTouchEntriesOnly() throws Exception {
        CacheSettings settings = new CacheSettings(tmp.resolve("cache"), 4096, Duration.ofSeconds(60));
        CompileCache cache = CompileCache.open(settings);
        Path neff = Files.writeString(tmp.resolve("m.neff"), "NEFF bytes");
        cache.store(CompileCacheTest.A, neff, "a.hlo", 1, "0.1.0");
        cache.store(CompileCacheTest.B, neff, "b.hlo", 1, "0.1.0");
        Path entries = tmp.resolve("cache/entries");
        Files.writeString(entries.resolve("README"), "mine");
        Files.writeString(entries.resolve(CompileCacheTest.B.hex()).resolve(EntryManifest.NEFF), "EVIL bytes");

        CacheMaintenance maintenance = CompileCache.existing(settings).maintenance();
        CacheMaintenance.Info info = maintenance.info();
        assertThat(info.entries()).as("sizes match: both look sound before hashing").isEqualTo(2);
        assertThat(info.maxBytes()).isEqualTo(4096);
        assertThat(info.oldestUse()).isPresent();
        assertThat(maintenance.verify()).singleElement().satisfies(d -> {
            assertThat(d.key()).isEqualTo(CompileCacheTest.B.hex());
            assertThat(d.reason()).contains("its .neff has sha256");
        });
        assertThat(maintenance.info().entries()).isEqualTo(1);

        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        HostIdentity self = HostIdentity.current();
        Path deadLeftover = Files.createDirectories(tmp.resolve("cache/tmp").resolve(CompileCacheTest.C.hex() + "."
                + self.safeHost() + "." + gone.pid() + ".00ff"));
        Path liveWrite = Files.createDirectories(tmp.resolve("cache/tmp").resolve(CompileCacheTest.C.hex() + "."
                + self.fileTag() + ".11ee"));
        assertThat(maintenance.clear()).isEqualTo(1);
        assertThat(entries.resolve(CompileCacheTest.A.hex())).doesNotExist();
        assertThat(entries.resolve("README")).as("not an entry: kept").hasContent("mine");
        assertThat(deadLeftover).as("left by a dead process").doesNotExist();
        assertThat(liveWrite).as("a live process is still writing it").exists();
    }

    @Test
    void aDirectoryThatIsNoStarfishCacheIsRefusedByTheCommands() throws IOException {
        Path documents = Files.createDirectories(tmp.resolve("documents"));
        Files.writeString(documents.resolve("thesis.txt"), "mine");
        Files.setPosixFilePermissions(documents, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        CacheSettings settings = new CacheSettings(documents, 0, Duration.ofSeconds(60));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CompileCache.existing(settings))
                .isInstanceOf(UnusableCacheException.class).hasMessageContaining("is not a Starfish compile cache");
        assertThat(documents.resolve("thesis.txt")).hasContent("mine");
    }
}

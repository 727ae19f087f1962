package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.launch.LogCapture;
import dev.starfish.runtime.invocation.Umask;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Entries are written whole, verified on every read, never followed through links, and evicted least recently used first. */
class CompileCacheTest {

    @TempDir
    Path tmp;

    static final CacheKey A = new CacheKey("a".repeat(64));
    static final CacheKey B = new CacheKey("b".repeat(64));
    static final CacheKey C = new CacheKey("c".repeat(64));

    private CompileCache cache(long maxBytes) {
        return CompileCache.open(new CacheSettings(tmp.resolve("cache"), maxBytes, Duration.ofSeconds(60)));
    }

    private Path neff(String name, String content) throws IOException {
        return Files.writeString(Files.createDirectories(tmp.resolve("out")).resolve(name), content);
    }

    /** Puts a file where the open cache's directory {@code name} was. */
    private void replaceWithAFile(String name) throws IOException {
        Path dir = tmp.resolve("cache").resolve(name);
        Files.delete(dir);
        Files.writeString(dir, "in the way");
    }

    private Path entryDir(CacheKey key) {
        return tmp.resolve("cache/entries").resolve(key.hex());
    }

    @Test
    void aStoredNeffIsCopiedOutIdenticallyThroughATemporaryFileAndRename() throws IOException {
        CompileCache cache = cache(0);
        Path neff = neff("model.neff", "NEFF bytes");
        assertThat(cache.store(A, neff, "model.hlo", 3, "0.1.0")).isTrue();
        Path output = tmp.resolve("copy/model.neff");
        Files.createDirectories(output.getParent());
        CacheEntry entry = cache.lookup(A).orElseThrow();
        assertThat(entry.manifest().subgraphs()).isEqualTo(3);
        assertThat(cache.copyOut(entry, output, Umask.USUAL.fileMode())).isTrue();
        assertThat(output).hasSameBinaryContentAs(neff);
        try (Stream<Path> files = Files.list(output.getParent())) {
            assertThat(files).as("no temporary file is left next to the output").containsExactly(output);
        }
        try (Stream<Path> files = Files.list(tmp.resolve("cache/tmp"))) {
            assertThat(files).as("nothing is left in tmp/ after a store").isEmpty();
        }
    }

    @Test
    void anEntryBeingWrittenInTmpIsNotAnEntry() throws IOException {
        CompileCache cache = cache(0);
        Path partial = Files.createDirectories(tmp.resolve("cache/tmp").resolve(A.hex()));
        Files.writeString(partial.resolve(EntryManifest.NEFF), "half");
        assertThat(cache.lookup(A)).isEmpty();
    }

    @Test
    void aSameSizeImpostorIsDroppedWithOneWarningAndNeverReachesTheOutput() throws IOException {
        CompileCache cache = cache(0);
        cache.store(A, neff("model.neff", "NEFF bytes"), "model.hlo", 1, "0.1.0");
        Files.writeString(entryDir(A).resolve(EntryManifest.NEFF), "EVIL bytes");
        Path output = tmp.resolve("model.neff");
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            CacheEntry entry = cache.lookup(A).orElseThrow();
            assertThat(cache.copyOut(entry, output, Umask.USUAL.fileMode())).isFalse();
            assertThat(log.lines()).singleElement().asString().contains("Dropped the corrupt compile cache entry")
                    .contains("does not match its manifest");
        }
        assertThat(output).doesNotExist();
        assertThat(entryDir(A)).doesNotExist();
        assertThat(cache.lookup(A)).isEmpty();
    }

    @Test
    void aTruncatedNeffOrAForeignManifestIsDroppedOnLookup() throws IOException {
        CompileCache cache = cache(0);
        cache.store(A, neff("a.neff", "NEFF bytes"), "a.hlo", 1, "0.1.0");
        cache.store(B, neff("b.neff", "NEFF bytes"), "b.hlo", 1, "0.1.0");
        Files.writeString(entryDir(A).resolve(EntryManifest.NEFF), "NEFF");
        Files.copy(entryDir(A).resolve(EntryManifest.FILE), entryDir(B).resolve(EntryManifest.FILE),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            assertThat(cache.lookup(A)).isEmpty();
            assertThat(cache.lookup(B)).isEmpty();
            assertThat(log.lines()).hasSize(2);
            assertThat(log.lines().get(0)).contains("its .neff is 4 bytes, the manifest says 10");
            assertThat(log.lines().get(1)).contains("its manifest names the key " + A.hex());
        }
    }

    @Test
    void aSymbolicLinkInsideTheCacheIsNeverFollowed() throws IOException {
        CompileCache cache = cache(0);
        Path neff = neff("model.neff", "NEFF bytes");
        cache.store(A, neff, "model.hlo", 1, "0.1.0");
        Path cached = entryDir(A).resolve(EntryManifest.NEFF);
        Files.delete(cached);
        Files.createSymbolicLink(cached, neff);
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            assertThat(cache.lookup(A)).isEmpty();
            assertThat(log.lines()).singleElement().asString().contains("not a regular file of the current user");
        }
        assertThat(neff).as("the link's target is left alone").hasContent("NEFF bytes");
    }

    @Test
    void anEntryOthersMayWriteIsDropped() throws IOException {
        CompileCache cache = cache(0);
        cache.store(A, neff("model.neff", "NEFF bytes"), "model.hlo", 1, "0.1.0");
        Files.setPosixFilePermissions(entryDir(A), PosixFilePermissions.fromString("rwxrwxrwx"));
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            assertThat(cache.lookup(A)).isEmpty();
            assertThat(log.lines()).singleElement().asString().contains("is writable by group or others");
        }
    }

    @Test
    void storingAKeyThatAppearedMeanwhileKeepsTheFirstEntry() throws IOException {
        CompileCache cache = cache(0);
        assertThat(cache.store(A, neff("first.neff", "first"), "m.hlo", 1, "0.1.0")).isTrue();
        assertThat(cache.store(A, neff("second.neff", "second"), "m.hlo", 1, "0.1.0")).isFalse();
        assertThat(entryDir(A).resolve(EntryManifest.NEFF)).hasContent("first");
        try (Stream<Path> files = Files.list(tmp.resolve("cache/tmp"))) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aFailureToStoreIsOneWarningAndNeverAnError() throws IOException {
        CompileCache cache = cache(0);
        replaceWithAFile("tmp");
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            assertThat(cache.store(A, neff("model.neff", "NEFF bytes"), "model.hlo", 1, "0.1.0")).isFalse();
            assertThat(log.lines()).singleElement().asString().startsWith("cannot store the .neff in the compile cache ")
                    .endsWith("; the compile succeeded, its .neff is not cached");
        }
        assertThat(cache.lookup(A)).isEmpty();
    }

    @Test
    void aLockThatCannotBeTakenIsOneWarningAndTheCompileGoesOnUnlocked() throws Exception {
        CompileCache cache = cache(0);
        replaceWithAFile("locks");
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            try (CompileCache.KeyLock lock = cache.lock(A)) {
                assertThat(cache.store(A, neff("model.neff", "NEFF bytes"), "model.hlo", 1, "0.1.0")).isTrue();
            }
            assertThat(log.lines()).singleElement().asString().startsWith("cannot create the lock ")
                    .endsWith("; compiling without the lock (another process may compile the same model too)");
        }
        assertThat(cache.lookup(A)).isPresent();
    }

    @Test
    void peekChangesNothingNotEvenACorruptEntryOrItsLastUse() throws IOException {
        CompileCache cache = cache(0);
        cache.store(A, neff("a.neff", "NEFF bytes"), "a.hlo", 1, "0.1.0");
        cache.store(B, neff("b.neff", "NEFF bytes"), "b.hlo", 1, "0.1.0");
        FileTime old = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Files.setLastModifiedTime(entryDir(A), old);
        Files.writeString(entryDir(B).resolve(EntryManifest.NEFF), "EVIL bytes");
        assertThat(cache.peek(A)).isPresent();
        assertThat(cache.peek(B)).as("a corrupt entry does not peek as a hit").isEmpty();
        assertThat(Files.getLastModifiedTime(entryDir(A))).isEqualTo(old);
        assertThat(entryDir(B)).exists();
    }

    @Test
    void pastTheCapTheLeastRecentlyUsedEntryGoesAndAHitCountsAsAUse() throws IOException {
        Path a = neff("a.neff", "x".repeat(1000));
        CompileCache cache = cache(0);
        cache.store(A, a, "a.hlo", 1, "0.1.0");
        long entryBytes = cache.lookup(A).orElseThrow().bytes();
        CompileCache capped = cache(2 * entryBytes + entryBytes / 2);
        capped.store(B, neff("b.neff", "y".repeat(1000)), "b.hlo", 1, "0.1.0");
        Files.setLastModifiedTime(entryDir(A), FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        Files.setLastModifiedTime(entryDir(B), FileTime.from(Instant.parse("2021-01-01T00:00:00Z")));
        assertThat(capped.lookup(A)).as("a hit refreshes A's last use").isPresent();
        capped.store(C, neff("c.neff", "z".repeat(1000)), "c.hlo", 1, "0.1.0");
        assertThat(entryDir(B)).as("B, the least recently used, is evicted").doesNotExist();
        assertThat(entryDir(A)).exists();
        assertThat(entryDir(C)).exists();
    }

    @Test
    void evictionSkipsAnEntryWhoseKeyIsLockedAndTheEntryJustStored() throws Exception {
        CompileCache cache = cache(0);
        cache.store(A, neff("a.neff", "x".repeat(1000)), "a.hlo", 1, "0.1.0");
        cache.store(B, neff("b.neff", "y".repeat(1000)), "b.hlo", 1, "0.1.0");
        Files.setLastModifiedTime(entryDir(A), FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        Files.setLastModifiedTime(entryDir(B), FileTime.from(Instant.parse("2021-01-01T00:00:00Z")));
        CompileCache capped = cache(1);
        try (CompileCache.KeyLock held = capped.lock(A)) {
            capped.store(C, neff("c.neff", "z".repeat(1000)), "c.hlo", 1, "0.1.0");
        }
        assertThat(entryDir(A)).as("locked: being written or replaced").exists();
        assertThat(entryDir(B)).doesNotExist();
        assertThat(entryDir(C)).as("just stored").exists();
    }

    @Test
    void aSymbolicLinkAsTheCacheDirectoryTurnsTheCacheOffWithOneWarning() throws IOException {
        Path real = Files.createDirectories(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertOff(link, "is a symbolic link");
    }

    @Test
    void aCacheDirectoryOthersMayWriteTurnsTheCacheOff() throws IOException {
        Path open = Files.createDirectories(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertOff(open, "is writable by group or others (mode rwxrwxrwx)");
    }

    @Test
    void aCacheDirectoryOfAnotherUserTurnsTheCacheOff() throws IOException {
        Path theirs = Files.createDirectories(tmp.resolve("theirs"));
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rwx------"));
        assertThat(dev.starfish.runtime.config.CurrentUser.uid()).as("the test command runs as root (README): only "
                + "root can give a directory to another user").isZero();
        Files.setOwner(theirs, theirs.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        assertOff(theirs, "is owned by uid");
    }

    @Test
    void aNonEmptyDirectoryThatIsNoStarfishCacheIsNotTakenOver() throws IOException {
        Path documents = Files.createDirectories(tmp.resolve("documents"));
        Files.setPosixFilePermissions(documents, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(documents.resolve("thesis.txt"), "mine");
        assertOff(documents, "is not empty and is not a Starfish compile cache");
        try (Stream<Path> files = Files.list(documents)) {
            assertThat(files).containsExactly(documents.resolve("thesis.txt"));
        }
    }

    private void assertOff(Path dir, String why) {
        try (LogCapture log = new LogCapture(CompileCache.class)) {
            CompileCache cache = CompileCache.open(new CacheSettings(dir, 0, Duration.ofSeconds(60)));
            assertThat(cache.enabled()).isFalse();
            assertThat(log.lines()).singleElement().asString().contains(dir.toString()).contains(why)
                    .endsWith("; compiling without the cache");
        }
    }
}

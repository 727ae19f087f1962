package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.runtime.NativeTestBinaries;
import dev.starfish.runtime.launch.LogCapture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The native cache trusts only what it verified: hashes, no symbolic links, private roots. */
class NativeCacheTrustTest {

    @TempDir
    Path tmp;

    private static byte[] real() throws IOException {
        return Files.readAllBytes(NativeTestBinaries.file("testlibs/v1/libsame.so"));
    }

    private static byte[] impostor() throws IOException {
        return Files.readAllBytes(NativeTestBinaries.file("testlibs/v2/libsame.so"));
    }

    private Path privateRoot() throws IOException {
        return Files.createDirectory(tmp.resolve("root"), PosixFilePermissions.asFileAttribute(CacheRoot.PRIVATE));
    }

    private static UserPrincipal nobody() throws IOException {
        return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    }

    @Test
    void aSameSizeImpostorIsReplacedWithAWarningNamingTheFile() throws IOException {
        ContentAddressedCache cache = new ContentAddressedCache(privateRoot());
        Path stored = cache.store("libsame.so", real(), false);
        assertThat(impostor()).as("precondition: the impostor has the real library's size").hasSameSizeAs(real())
                .isNotEqualTo(real());
        Files.write(stored, impostor());

        try (LogCapture log = new LogCapture(ContentAddressedCache.class)) {
            assertThat(cache.store("libsame.so", real(), false)).isEqualTo(stored);

            assertThat(log.lines()).anySatisfy(line -> assertThat(line).startsWith("Cached native file " + stored
                    + " does not match its content hash (expected sha256 " + ContentAddressedCache.sha256(real())));
        }
        assertThat(Files.readAllBytes(stored)).as("the real library is back").isEqualTo(real());
    }

    @Test
    void anIntactFileIsReusedNotRewritten() throws IOException {
        ContentAddressedCache cache = new ContentAddressedCache(privateRoot());
        Path stored = cache.store("libsame.so", real(), false);
        Object identity = Files.readAttributes(stored, "unix:ino").get("ino");

        assertThat(cache.store("libsame.so", real(), false)).isEqualTo(stored);
        assertThat(Files.readAttributes(stored, "unix:ino").get("ino")).as("same inode: not extracted again")
                .isEqualTo(identity);
    }

    @Test
    void aSymbolicLinkAtTheFilePathIsReplacedNotFollowed() throws IOException {
        ContentAddressedCache cache = new ContentAddressedCache(privateRoot());
        Path stored = cache.store("libsame.so", real(), false);
        Path planted = Files.write(tmp.resolve("planted.so"), impostor());
        Files.delete(stored);
        Files.createSymbolicLink(stored, planted);

        try (LogCapture log = new LogCapture(ContentAddressedCache.class)) {
            assertThat(cache.store("libsame.so", real(), false)).isEqualTo(stored);

            assertThat(log.lines()).containsExactly("Cached native file " + stored + " is a symbolic link (to " + planted
                    + "), expected a regular file; replacing it with the plugin's own copy");
        }

        assertThat(Files.isSymbolicLink(stored)).as("the link was replaced").isFalse();
        assertThat(Files.readAllBytes(stored)).isEqualTo(real());
        assertThat(Files.readAllBytes(planted)).as("what the link pointed to is untouched").isEqualTo(impostor());
    }

    @Test
    void aSymbolicLinkAtTheDirectoryPathIsReplacedNotFollowed() throws IOException {
        Path root = privateRoot();
        ContentAddressedCache cache = new ContentAddressedCache(root);
        Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
        Files.write(elsewhere.resolve("libsame.so"), impostor());
        Path shaDir = root.resolve(ContentAddressedCache.sha256(real()));
        Files.createSymbolicLink(shaDir, elsewhere);

        Path stored;
        try (LogCapture log = new LogCapture(PrivateDirectory.class)) {
            stored = cache.store("libsame.so", real(), false);

            assertThat(log.lines()).containsExactly("Native cache directory " + shaDir + " is a symbolic link (to "
                    + elsewhere + "), expected a directory; replacing it");
        }

        assertThat(stored.getParent()).isEqualTo(shaDir);
        assertThat(Files.isDirectory(shaDir, LinkOption.NOFOLLOW_LINKS)).as("a real directory now").isTrue();
        assertThat(Files.readAllBytes(stored)).isEqualTo(real());
        assertThat(Files.readAllBytes(elsewhere.resolve("libsame.so"))).as("the link's target is untouched")
                .isEqualTo(impostor());
    }

    @Test
    void aCachedFileWithTheWrongModeIsReplaced() throws IOException {
        ContentAddressedCache cache = new ContentAddressedCache(privateRoot());
        Path stored = cache.store("libsame.so", real(), false);
        Files.setPosixFilePermissions(stored, PosixFilePermissions.fromString("rw-rw-rw-"));

        try (LogCapture log = new LogCapture(ContentAddressedCache.class)) {
            cache.store("libsame.so", real(), false);

            assertThat(log.lines()).containsExactly("Cached native file " + stored + " is not a regular file of the"
                    + " current user with mode rw-r--r--; replacing it");
        }
        assertThat(Files.getPosixFilePermissions(stored)).isEqualTo(PosixFilePermissions.fromString("rw-r--r--"));
    }

    @Test
    void aDirectoryWhereTheCachedFileBelongsIsRefused() throws IOException {
        Path root = privateRoot();
        Path shaDir = Files.createDirectory(root.resolve(ContentAddressedCache.sha256(real())),
                PosixFilePermissions.asFileAttribute(CacheRoot.PRIVATE));
        Path squatter = Files.createDirectory(shaDir.resolve("libsame.so"));

        assertThatThrownBy(() -> new ContentAddressedCache(root).store("libsame.so", real(), false))
                .isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessage("cannot extract libsame.so into " + shaDir + ": " + squatter + " is a directory where the"
                        + " cached file belongs; delete it (the cache re-creates what it needs)");
    }

    @Test
    void aDirectoryOfAnotherUserInsideTheCacheIsRefused() throws IOException {
        Path root = privateRoot();
        Path shaDir = Files.createDirectory(root.resolve(ContentAddressedCache.sha256(real())));
        Files.setOwner(shaDir, nobody());

        assertThatThrownBy(() -> new ContentAddressedCache(root).store("libsame.so", real(), false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Refusing to use the native cache directory " + shaDir + ": it is owned by uid ")
                .hasMessageEndingWith("Delete it (it is re-created) or set nativelib.cache.dir to another directory.");
    }

    @Test
    void aWorldWritableCacheRootIsNotUsed() throws IOException {
        Path root = Files.createDirectory(tmp.resolve("shared"));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxrwx"));

        try (LogCapture log = new LogCapture(CacheRoot.class)) {
            Path usable = NativeSettings.plain(root).usableCacheRoot();

            assertPrivateFallback(usable, root);
            assertThat(log.lines()).containsExactly("The native-library cache " + root + " is writable by group or"
                    + " others (mode rwxrwxrwx); not using it. Using the private temporary cache " + usable
                    + " for this run (deleted on exit). Fix: make " + root + " a directory of your own that only you"
                    + " can write (chmod 700), or set nativelib.cache.dir in conf/starfish.properties or"
                    + " STARFISH_CACHE_DIR to one.");
        }
    }

    @Test
    void aCacheRootBelowADirectoryOthersCanWriteWithoutTheStickyBitIsNotUsed() throws Exception {
        for (String mode : new String[] {"0777", "0775"}) {
            Path open = Files.createDirectory(tmp.resolve("open" + mode));
            chmod(mode, open);
            Path root = open.resolve("native");

            try (LogCapture log = new LogCapture(CacheRoot.class)) {
                Path usable = NativeSettings.plain(root).usableCacheRoot();

                assertPrivateFallback(usable, root);
                assertThat(log.lines()).singleElement().asString().startsWith("The native-library cache " + root
                        + " lies in " + open + ", which is writable by group or others without the sticky bit (mode "
                        + mode + "), so another user could rename it; not using it.");
            }
        }
    }

    @Test
    void aCacheRootBelowADirectoryOfAnotherUserIsNotUsed() throws IOException {
        Path theirs = Files.createDirectory(tmp.resolve("theirs"));
        Path root = Files.createDirectory(theirs.resolve("native"), PosixFilePermissions.asFileAttribute(CacheRoot.PRIVATE));
        Files.setOwner(theirs, nobody());

        try (LogCapture log = new LogCapture(CacheRoot.class)) {
            assertPrivateFallback(NativeSettings.plain(root).usableCacheRoot(), root);
            assertThat(log.lines()).singleElement().asString().contains(" lies in " + theirs + ", owned by uid 65534 "
                    + "(neither the current user, uid 0, nor root), who could rename it");
        }
    }

    @Test
    void aCacheRootReachedThroughALinkIsJudgedByTheDirectoriesAboveItsRealPath() throws Exception {
        Path open = Files.createDirectory(tmp.resolve("open"));
        chmod("0777", open);
        Path link = Files.createSymbolicLink(tmp.resolve("link"), open);
        Path root = link.resolve("native");

        try (LogCapture log = new LogCapture(CacheRoot.class)) {
            assertPrivateFallback(NativeSettings.plain(root).usableCacheRoot(), root);
            assertThat(log.lines()).singleElement().asString().contains(root + " (really " + open.resolve("native")
                    + ") lies in " + open + ", which is writable");
        }
    }

    @Test
    void aCacheRootBelowAStickyDirectoryLikeTmpOrBelowPrivateDirectoriesIsUsed() throws Exception {
        Path sticky = Files.createDirectory(tmp.resolve("sticky"));
        chmod("1777", sticky);
        Path root = sticky.resolve("native");
        assertThat(NativeSettings.plain(root).usableCacheRoot()).as("others cannot rename what they do not own")
                .isEqualTo(root.toRealPath());
        Path plain = Files.createDirectories(tmp.resolve("a/b"));
        assertThat(NativeSettings.plain(plain.resolve("native")).usableCacheRoot()).isEqualTo(
                plain.resolve("native").toRealPath());
    }

    private static void chmod(String mode, Path path) throws Exception {
        Process chmod = new ProcessBuilder("chmod", mode, path.toString()).inheritIO().start();
        assertThat(chmod.waitFor()).as("chmod %s %s", mode, path).isZero();
    }

    @Test
    void aCacheRootOwnedBySomeoneElseIsNotUsed() throws IOException {
        Path root = Files.createDirectory(tmp.resolve("theirs"), PosixFilePermissions.asFileAttribute(CacheRoot.PRIVATE));
        Files.setOwner(root, nobody());
        NativeSettings settings = NativeSettings.plain(root);

        assertPrivateFallback(settings.usableCacheRoot(), root);
        assertThat(settings.usableCacheRoot()).as("decided once").isEqualTo(settings.usableCacheRoot());
    }

    @Test
    void aTrustedCacheRootIsCreatedPrivateAndUsed() throws IOException {
        Path root = tmp.resolve("home/.cache/starfish/native");

        assertThat(NativeSettings.plain(root).usableCacheRoot()).isEqualTo(root.toRealPath());
        assertThat(Files.getPosixFilePermissions(root)).isEqualTo(CacheRoot.PRIVATE);
    }

    @Test
    void aPreCreatedPredictableTempDirectoryIsNotUsed() throws Exception {
        Path javaTmp = Files.createDirectory(tmp.resolve("java-tmp"));
        Path predictable = Files.createDirectories(javaTmp.resolve("starfish-" + System.getProperty("user.name"))
                .resolve("native"));
        Files.setPosixFilePermissions(predictable, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setOwner(predictable, nobody());
        Files.setOwner(predictable.getParent(), nobody());

        ProcessBuilder probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Duser.home=/proc/no-such-home",
                "-Djava.io.tmpdir=" + javaTmp, CacheRootProbe.class.getName()).redirectErrorStream(true);
        probe.environment().remove("STARFISH_CACHE_DIR");
        Process process = probe.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("probe output:%n%s", out).isZero();

        String usable = out.lines().filter(l -> l.startsWith("usable=")).findFirst().orElseThrow().substring(7);
        assertThat(out).contains("configured=/proc/no-such-home/.cache/starfish/native", "mode=rwx------");
        assertThat(Path.of(usable)).as("a fresh private directory, not the predictable one")
                .hasParentRaw(javaTmp.toRealPath()).doesNotExist();
        assertThat(Path.of(usable).getFileName().toString()).startsWith("starfish-native-");
        try (Stream<Path> left = Files.list(predictable)) {
            assertThat(left).as("nothing written into the planted directory").isEmpty();
        }
    }

    @Test
    void twoWritersStoringTheSameContentAtOnceBothGetTheIntactFile() throws Exception {
        Path root = privateRoot();
        byte[] content = real();
        ExecutorService writers = Executors.newFixedThreadPool(8);
        List<Future<Path>> stored = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            stored.add(writers.submit(() -> new ContentAddressedCache(root).store("libsame.so", content, false)));
        }
        List<Path> paths = new ArrayList<>();
        for (Future<Path> path : stored) {
            paths.add(path.get());
        }
        writers.shutdown();

        assertThat(paths).containsOnly(paths.get(0));
        assertThat(Files.readAllBytes(paths.get(0))).isEqualTo(content);
        try (Stream<Path> files = Files.list(paths.get(0).getParent())) {
            assertThat(files).as("no temporary file left").containsExactly(paths.get(0));
        }
    }

    private static void assertPrivateFallback(Path usable, Path refused) throws IOException {
        assertThat(usable).isNotEqualTo(refused.toRealPath());
        assertThat(usable.getFileName().toString()).startsWith("starfish-native-");
        assertThat(Files.getPosixFilePermissions(usable)).isEqualTo(CacheRoot.PRIVATE);
        assertThat(CacheTrust.whyUntrusted(usable)).isEmpty();
        try (Stream<Path> files = Files.list(refused)) {
            assertThat(files).as("nothing written into the refused root").isEmpty();
        }
    }
}

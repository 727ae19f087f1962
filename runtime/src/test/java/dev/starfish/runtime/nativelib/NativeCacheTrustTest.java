package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.runtime.NativeTestBinaries;
import dev.starfish.runtime.launch.LogCapture;
import java.io.IOException;
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

/**
 * The native cache trusts only what it verified: hashes, no symbolic links, its own directories.
 * Which cache roots it uses at all: {@link NativeCacheRootTrustTest}.
 */
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
}

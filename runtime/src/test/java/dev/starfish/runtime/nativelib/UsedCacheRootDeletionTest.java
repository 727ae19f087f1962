package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's host generation deletes the cache root of its own when it closes: everything in it,
 * links as links (never what they point to), nothing when it never used the root, and nothing
 * when the root is itself a link.
 */
class UsedCacheRootDeletionTest {

    @TempDir
    Path tmp;

    @Test
    void aUsedRootIsDeletedWithEveryLibraryInIt() throws IOException {
        NativeSettings settings = NativeSettings.plain(tmp.resolve("server-1-2"));
        Path stored = new ContentAddressedCache(PrivateDirectory.ensure(settings.usableCacheRoot().resolve("frontend")))
                .store("libpenguin.so", new byte[] {0x7f, 'E', 'L', 'F'}, false);
        assertThat(stored).exists();

        settings.deleteUsedCacheRoot();

        assertThat(tmp.resolve("server-1-2")).doesNotExist();
        assertThat(tmp).isEmptyDirectory();
    }

    @Test
    void aLinkPlantedInTheRootIsRemovedButNotWhatItPointsTo() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path kept = Files.writeString(outside.resolve("keep.txt"), "mine");
        NativeSettings settings = NativeSettings.plain(tmp.resolve("server-1-3"));
        Path root = settings.usableCacheRoot();
        Files.createSymbolicLink(root.resolve("frontend"), outside);
        Files.createSymbolicLink(root.resolve("file-link"), kept);

        settings.deleteUsedCacheRoot();

        assertThat(root).doesNotExist();
        assertThat(kept).hasContent("mine");
    }

    @Test
    void aRootThatIsALinkToADirectoryOfTheUserIsLeftAloneWithWhatItPointsTo() throws IOException {
        Path mine = Files.createDirectory(tmp.resolve("mine"), PosixFilePermissions.asFileAttribute(CacheRoot.PRIVATE));
        Path kept = Files.writeString(mine.resolve("keep.txt"), "mine");
        Path link = Files.createSymbolicLink(tmp.resolve("server-1-5"), mine);
        NativeSettings settings = NativeSettings.plain(link);
        assertThat(settings.usableCacheRoot()).as("a link to a private directory of the user is a usable root")
                .isEqualTo(mine.toRealPath());

        settings.deleteUsedCacheRoot();

        assertThat(kept).hasContent("mine");
        assertThat(link).isSymbolicLink();
    }

    @Test
    void aRootNeverUsedIsLeftAlone() throws IOException {
        Path someoneElses = Files.createDirectories(tmp.resolve("server-1-4"));
        Files.writeString(someoneElses.resolve("note.txt"), "not the cache's");

        NativeSettings.plain(someoneElses).deleteUsedCacheRoot();

        assertThat(someoneElses.resolve("note.txt")).hasContent("not the cache's");
    }
}

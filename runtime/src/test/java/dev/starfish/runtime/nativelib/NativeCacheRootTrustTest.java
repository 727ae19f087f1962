package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.launch.LogCapture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which cache root the native cache uses: only a private directory of the current user that no
 * one else can rename, else a fresh private temporary one (never a predictable shared path).
 */
class NativeCacheRootTrustTest {

    @TempDir
    Path tmp;

    private static UserPrincipal nobody() throws IOException {
        return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
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
        probe.environment().remove("XDG_CACHE_HOME");
        probe.environment().put("HOME", "/proc/no-such-home"); // the caches follow $HOME, not user.home
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

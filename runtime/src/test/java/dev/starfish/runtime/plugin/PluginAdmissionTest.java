package dev.starfish.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.registry.HostSharedPackages;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each trust rule, on real jars with real modes, owners and links (the tests run as root). */
class PluginAdmissionTest {

    @TempDir
    Path tmp;

    private Path plugins() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("plugins"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    private Path jar(Path dir, String id, String job) {
        return new PluginJarBuilder(tmp, id).job("fixture." + id.replace('-', '_') + "." + job,
                PluginJarBuilder.inProcessJob("fixture." + id.replace('-', '_'), job, "", "1"))
                .buildInto(dir, id + ".jar");
    }

    private JobRegistry load(Path dir, int currentUid, Path lockFile) {
        return new JobRegistry(dir, PluginRejectList.none(), HostSharedPackages.defaults(),
                JobRegistry.class.getClassLoader(), NativeSettings.plain(tmp.resolve("cache")),
                new PluginTrust(currentUid), PluginLock.read(lockFile)).loadAllJobs();
    }

    private JobRegistry load(Path dir) {
        return load(dir, 0, null);
    }

    private static List<String> jobNames(JobRegistry registry) {
        return registry.jobs().stream().map(RegisteredJob::name).toList();
    }

    private static String reasonFor(JobRegistry registry, String jarName) {
        return registry.plugins().stream().filter(r -> r.jarName().equals(jarName)).findFirst().orElseThrow().reason();
    }

    private static UserPrincipal user(String name) throws IOException {
        return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName(name);
    }

    @Test
    void aWorldWritableJarIsRefusedWithItsModeAndTheFix() throws IOException {
        assertRefusedWithMode("rw-rw-rw-", "world-writable (mode 0666)");
    }

    @Test
    void aGroupWritableJarIsRefusedWhateverItsGroupAsOpenSshStrictModesDoes() throws IOException {
        Path grp = assertRefusedWithMode("rw-rw-r--", "group-writable (mode 0664)");
        Files.setPosixFilePermissions(grp, PosixFilePermissions.fromString("rw-r-----"));
        try (JobRegistry registry = load(grp.getParent())) {
            assertThat(jobNames(registry)).as("after the fix").containsExactly("GoodJob", "OpenJob");
        }
    }

    /** A jar with {@code mode} next to a good one is refused with {@code reason} and the fix; returns the jar. */
    private Path assertRefusedWithMode(String mode, String reason) throws IOException {
        Path dir = plugins();
        jar(dir, "good", "GoodJob");
        Path bad = jar(dir, "open", "OpenJob");
        Files.setPosixFilePermissions(bad, PosixFilePermissions.fromString(mode));
        try (JobRegistry registry = load(dir)) {
            assertThat(jobNames(registry)).containsExactly("GoodJob");
            assertThat(registry.warnings()).containsExactly("Refused open.jar: " + reason + "; fix with chmod go-w " + bad);
            assertThat(registry.plugins()).extracting(PluginReport::state)
                    .containsExactly(PluginReport.State.LOADED, PluginReport.State.REFUSED);
        }
        return bad;
    }

    @Test
    void aSecondJarWithTheSamePluginIdIsRefusedNamingBothJars() throws IOException {
        Path dir = plugins();
        new PluginJarBuilder(tmp, "twin").job("fixture.twin.FirstJob", PluginJarBuilder.inProcessJob("fixture.twin",
                "FirstJob", "", "1")).buildInto(dir, "a-twin.jar");
        new PluginJarBuilder(tmp, "twin").job("fixture.twin2.SecondJob", PluginJarBuilder.inProcessJob("fixture.twin2",
                "SecondJob", "", "1")).buildInto(dir, "b-twin.jar");
        try (JobRegistry registry = load(dir)) {
            assertThat(jobNames(registry)).as("the first in file-name order is kept").containsExactly("FirstJob");
            assertThat(registry.warnings()).containsExactly("Refused b-twin.jar: its Plugin-Id 'twin' is already the "
                    + "id of a-twin.jar (first in file-name order, kept); two plugins must not share the native cache "
                    + "directory an id names: remove a-twin.jar or b-twin.jar, or give one its own Plugin-Id");
            assertThat(registry.plugins()).extracting(PluginReport::jarName, PluginReport::state).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("a-twin.jar", PluginReport.State.LOADED),
                    org.assertj.core.groups.Tuple.tuple("b-twin.jar", PluginReport.State.REFUSED));
        }
    }

    @Test
    void aJarRefusedForAnotherReasonDoesNotHoldItsPluginId() throws IOException {
        Path dir = plugins();
        Path first = new PluginJarBuilder(tmp, "twin").job("fixture.twin.FirstJob",
                PluginJarBuilder.inProcessJob("fixture.twin", "FirstJob", "", "1")).buildInto(dir, "a-twin.jar");
        new PluginJarBuilder(tmp, "twin").job("fixture.twin2.SecondJob", PluginJarBuilder.inProcessJob("fixture.twin2",
                "SecondJob", "", "1")).buildInto(dir, "b-twin.jar");
        Files.setPosixFilePermissions(first, PosixFilePermissions.fromString("rw-rw-rw-"));
        try (JobRegistry registry = load(dir)) {
            assertThat(jobNames(registry)).as("the refused first jar claims no id").containsExactly("SecondJob");
        }
    }

    @Test
    void aJarOwnedByAnotherUserIsRefusedButOneOwnedByRootOrTheCurrentUserLoads() throws IOException {
        Path dir = plugins();
        jar(dir, "rooted", "RootJob");
        Path foreign = jar(dir, "foreign", "ForeignJob");
        Files.setOwner(foreign, user("nobody"));
        try (JobRegistry registry = load(dir)) {
            assertThat(jobNames(registry)).as("root runs Starfish: root's jar loads").containsExactly("RootJob");
            assertThat(reasonFor(registry, "foreign.jar")).isEqualTo("the jar is owned by nobody (uid 65534), neither by"
                    + " the user running Starfish (uid 0) nor by root; fix with chown root " + foreign);
        }
        try (JobRegistry registry = load(dir, 65534, null)) {
            assertThat(jobNames(registry)).as("as nobody: nobody's jar and root's jar load")
                    .containsExactly("ForeignJob", "RootJob");
        }
    }

    @Test
    void aGroupOrWorldWritablePluginsDirectoryRefusesEveryJar() throws IOException {
        Path dir = plugins();
        jar(dir, "one", "OneJob");
        jar(dir, "two", "TwoJob");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(registry.warnings()).hasSize(2).allSatisfy(w -> assertThat(w).endsWith(": plugins directory "
                    + dir + " is group-writable (mode 0775), so others could add or replace plugins; fix with chmod go-w "
                    + dir));
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xrwx"));
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(reasonFor(registry, "one.jar")).contains("is world-writable (mode 0757)");
        }
    }

    @Test
    void aPluginsDirectoryOwnedByAnotherUserRefusesEveryJar() throws IOException {
        Path dir = plugins();
        jar(dir, "one", "OneJob");
        Files.setOwner(dir, user("nobody"));
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(reasonFor(registry, "one.jar")).isEqualTo("plugins directory " + dir + " is owned by nobody (uid "
                    + "65534), neither by the user running Starfish (uid 0) nor by root; fix with chown root " + dir);
        }
    }

    @Test
    void aLinkToASafePluginsDirectoryIsFollowed() throws IOException {
        Path dir = plugins();
        jar(dir, "one", "OneJob");
        Path link = Files.createSymbolicLink(tmp.resolve("plugins-link"), dir);
        try (JobRegistry registry = load(link)) {
            assertThat(jobNames(registry)).as("the directory's own mode counts, not the link's").containsExactly("OneJob");
        }
    }

    @Test
    void everySymbolicLinkIsRefusedWhereverItPoints() throws IOException {
        Path dir = plugins();
        Path inside = jar(dir, "real", "RealJob");
        Path outside = jar(Files.createDirectories(tmp.resolve("elsewhere")), "far", "FarJob");
        Files.createSymbolicLink(dir.resolve("far.jar"), outside);
        Files.createSymbolicLink(dir.resolve("again.jar"), inside);
        try (JobRegistry registry = load(dir)) {
            assertThat(jobNames(registry)).containsExactly("RealJob");
            assertThat(reasonFor(registry, "far.jar")).isEqualTo("a symbolic link (to " + outside + "); plugins must be"
                    + " regular files in the plugins directory: replace the link with a copy of the jar");
            assertThat(reasonFor(registry, "again.jar")).startsWith("a symbolic link (to " + inside + ")");
        }
    }

    @Test
    void aPluginIdThatCouldNameAPathIsRefused() throws IOException {
        Path dir = plugins();
        new PluginJarBuilder(tmp, "escape").pluginId("../../escape").job("fixture.esc.EscapeJob",
                PluginJarBuilder.inProcessJob("fixture.esc", "EscapeJob", "", "1")).buildInto(dir, "escape.jar");
        new PluginJarBuilder(tmp, "abs").job("fixture.abs.AbsJob",
                PluginJarBuilder.inProcessJob("fixture.abs", "AbsJob", "", "1")).pluginId("/tmp/abs")
                .buildInto(dir, "abs.jar");
        try (JobRegistry registry = load(dir)) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(reasonFor(registry, "escape.jar")).isEqualTo("its Plugin-Id '../../escape' is not a plain name: "
                    + "expected [a-z0-9][a-z0-9._-]* (it names the plugin's cache directory); fix Plugin-Id in the jar's "
                    + "META-INF/MANIFEST.MF");
            assertThat(reasonFor(registry, "abs.jar")).startsWith("its Plugin-Id '/tmp/abs' is not a plain name");
        }
        assertThat(tmp.resolve("cache")).as("no cache directory was made for either").doesNotExist();
    }

    @Test
    void withALockFileOnlyListedJarsWithTheirHashLoad() throws Exception {
        Path dir = plugins();
        Path locked = jar(dir, "locked", "LockedJob");
        Path changed = jar(dir, "changed", "ChangedJob");
        Path lockFile = tmp.resolve("conf/plugins.lock");
        PluginLock.write(lockFile, List.of(locked, changed), dir);
        Process check = new ProcessBuilder("sha256sum", "--check", "--quiet", lockFile.toString()).directory(dir.toFile())
                .redirectErrorStream(true).start();
        assertThat(check.waitFor()).as("the lock is sha256sum's format: %s",
                new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();

        jar(dir, "late", "LateJob");
        Files.write(changed, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
        try (JobRegistry registry = load(dir, 0, lockFile)) {
            assertThat(jobNames(registry)).containsExactly("LockedJob");
            assertThat(reasonFor(registry, "late.jar")).isEqualTo("not listed in " + lockFile
                    + "; if you trust it, run `starfish plugins lock` to add it");
            assertThat(reasonFor(registry, "changed.jar")).matches("its SHA-256 [0-9a-f]{64} differs from [0-9a-f]{64} "
                    + "recorded in " + lockFile + "; the jar changed since it was locked: if you trust it, run "
                    + "`starfish plugins lock`");
        }
    }

    @Test
    void aMalformedLockFileIsInvalidInputNamingTheLine() throws IOException {
        Path lockFile = Files.writeString(tmp.resolve("plugins.lock"), "# comment\n\nabc  x.jar\n");
        assertThatThrownBy(() -> PluginLock.read(lockFile)).isInstanceOf(InvalidInputException.class)
                .hasMessage(lockFile + " line 3: expected '<sha256 as 64 lower-case hex digits>  <file name or absolute path>.jar', "
                        + "found 'abc  x.jar'; rewrite it with `starfish plugins lock`");
        assertThat(PluginLock.read(tmp.resolve("absent.lock"))).as("no lock file: no allow-list").isEqualTo(Optional.empty());
    }
}

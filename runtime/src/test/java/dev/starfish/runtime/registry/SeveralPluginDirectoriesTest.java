package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.plugin.PluginLock;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.plugin.PluginReport;
import dev.starfish.runtime.plugin.PluginTrust;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trust and duplicate rules over a plugin path of two directories, on real jars (the tests run as root). */
class SeveralPluginDirectoriesTest {

    @TempDir
    Path tmp;

    private Path dir(String name) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    private Path jar(Path dir, String id, String pkg, String job) {
        return new PluginJarBuilder(tmp, id).job("fixture." + pkg + "." + job,
                PluginJarBuilder.inProcessJob("fixture." + pkg, job, "", "1")).buildInto(dir, id + ".jar");
    }

    private static PluginPath path(Path site, Path user) {
        return new PluginPath(List.of(new PluginPath.Directory(site, PluginPath.Origin.CONF),
                new PluginPath.Directory(user, PluginPath.Origin.USER)), Optional.empty());
    }

    private JobRegistry load(PluginPath path, Path lockFile) {
        return new JobRegistry(path, PluginRejectList.none(), HostSharedPackages.defaults(),
                JobRegistry.class.getClassLoader(), NativeSettings.plain(tmp.resolve("cache")), new PluginTrust(0),
                PluginLock.read(lockFile)).loadAllJobs();
    }

    private static String reasonFor(JobRegistry registry, Path jar) {
        return registry.plugins().stream().filter(r -> r.jar().equals(jar)).findFirst().orElseThrow().reason();
    }

    private static List<String> jobNames(JobRegistry registry) {
        return registry.jobs().stream().map(RegisteredJob::name).toList();
    }

    @Test
    void jobsOfEveryDirectoryLoadInPathOrder() throws IOException {
        Path site = dir("site");
        Path user = dir("user");
        Path mine = jar(user, "aaa-mine", "mine", "MineJob");
        Path shared = jar(site, "zzz-shared", "shared", "SharedJob");
        try (JobRegistry registry = load(path(site, user), null)) {
            assertThat(jobNames(registry)).containsExactly("SharedJob", "MineJob");
            assertThat(registry.plugins()).extracting(PluginReport::jar).containsExactly(shared, mine);
        }
    }

    @Test
    void aJobDeclaredInTwoDirectoriesIsRefusedInBothNamingBothJarsWithTheirDirectories() throws IOException {
        Path site = dir("site");
        Path user = dir("user");
        Path genuine = jar(site, "savetemps", "genuine", "SaveTemps");
        Path copy = jar(user, "savetemps-copy", "copy", "SaveTemps");
        jar(user, "other", "other", "OtherJob");
        try (JobRegistry registry = load(path(site, user), null)) {
            assertThat(jobNames(registry)).containsExactly("OtherJob");
            assertThat(reasonFor(registry, genuine)).isEqualTo("job 'SaveTemps' of " + genuine + " is also declared by "
                    + copy + "; a job name must come from one jar only, so every jar declaring it is refused: remove "
                    + "the jar you do not trust");
            assertThat(reasonFor(registry, copy)).isEqualTo("job 'SaveTemps' of " + copy + " is also declared by "
                    + genuine + "; a job name must come from one jar only, so every jar declaring it is refused: remove "
                    + "the jar you do not trust");
        }
    }

    @Test
    void aPluginIdOfTheFirstDirectoryKeepsItAndTheLaterDirectorysJarIsRefused() throws IOException {
        Path site = dir("site");
        Path user = dir("user");
        Path first = new PluginJarBuilder(tmp, "twin").job("fixture.a.FirstJob",
                PluginJarBuilder.inProcessJob("fixture.a", "FirstJob", "", "1")).buildInto(site, "z-twin.jar");
        Path second = new PluginJarBuilder(tmp, "twin").job("fixture.b.SecondJob",
                PluginJarBuilder.inProcessJob("fixture.b", "SecondJob", "", "1")).buildInto(user, "a-twin.jar");
        try (JobRegistry registry = load(path(site, user), null)) {
            assertThat(jobNames(registry)).containsExactly("FirstJob");
            assertThat(reasonFor(registry, second)).isEqualTo("its Plugin-Id 'twin' is already the id of " + first
                    + " (first in plugin path order, kept); two plugins must not share the native cache directory an id "
                    + "names: remove " + first + " or " + second + ", or give one its own Plugin-Id");
        }
    }

    @Test
    void aGroupWritableDirectoryOfThePathRefusesItsJarsAndOnlyThose() throws IOException {
        Path site = dir("site");
        Path user = dir("user");
        jar(site, "shared", "shared", "SharedJob");
        Path mine = jar(user, "mine", "mine", "MineJob");
        Files.setPosixFilePermissions(user, PosixFilePermissions.fromString("rwxrwxr-x"));
        try (JobRegistry registry = load(path(site, user), null)) {
            assertThat(jobNames(registry)).containsExactly("SharedJob");
            assertThat(reasonFor(registry, mine)).isEqualTo("plugins directory " + user + " is group-writable (mode "
                    + "0775), so others could add or replace plugins; fix with chmod go-w " + user);
            assertThat(registry.warnings()).containsExactly("Refused " + mine + ": " + reasonFor(registry, mine));
        }
    }

    @Test
    void theLockNamesJarsOfLaterDirectoriesByTheirAbsolutePath() throws IOException {
        Path site = dir("site");
        Path user = dir("user");
        Path shared = jar(site, "shared", "shared", "SharedJob");
        Path mine = jar(user, "mine", "mine", "MineJob");
        Path lockFile = tmp.resolve("conf/plugins.lock");
        PluginLock.write(lockFile, List.of(shared, mine), site);
        assertThat(Files.readAllLines(lockFile)).filteredOn(l -> !l.startsWith("#"))
                .containsExactly(PluginLock.sha256(mine) + "  " + mine, PluginLock.sha256(shared) + "  shared.jar");
        Path late = jar(user, "shared", "late", "LateJob");
        try (JobRegistry registry = load(path(site, user), lockFile)) {
            assertThat(jobNames(registry)).as("a jar of the same file name in another directory is not the locked one")
                    .containsExactly("SharedJob", "MineJob");
            assertThat(reasonFor(registry, late)).startsWith("not listed in " + lockFile);
        }
    }
}

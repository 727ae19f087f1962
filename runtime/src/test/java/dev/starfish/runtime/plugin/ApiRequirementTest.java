package dev.starfish.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.PluginApi;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.registry.HostSharedPackages;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin's {@code Plugin-Requires}: a range that leaves out the host's plugin API refuses the jar in
 * one line naming both versions, before any class of it loads; a range that is no range is refused
 * saying what one looks like; none, {@code *} or a range holding the API loads as before.
 */
class ApiRequirementTest {

    @TempDir
    Path tmp;

    @Test
    void aRangeHoldingTheApiOrNoneAtAllPasses() {
        for (String range : List.of("^0.1.0", ">=0.1.0 & <0.2.0", "0.1.x", "*", " ")) {
            assertThat(ApiRequirement.problem(Optional.of(range), List.of("0.1.0"))).as(range).isEmpty();
        }
        assertThat(ApiRequirement.problem(Optional.empty(), List.of("0.1.0"))).isEmpty();
    }

    @Test
    void aPluginForAnEarlierVersionThisApiOnlyAddsToRunsAndOneForALaterOrBrokenOneDoesNot() {
        List<String> provided = List.of("0.1.0", "0.2.0");
        for (String range : List.of("^0.1.0", ">=0.1.0 & <0.2.0", "^0.2.0", "0.2.x")) {
            assertThat(ApiRequirement.problem(Optional.of(range), provided)).as(range).isEmpty();
        }
        assertThat(ApiRequirement.problem(Optional.of("^0.3.0"), provided)).contains("it needs plugin API ^0.3.0 (its "
                + "Plugin-Requires); this Starfish provides plugin API 0.2.0 (and 0.1.0, which it only adds to): use a "
                + "Starfish whose plugin API is in that range, or rebuild the plugin against plugin API 0.2.0");
        assertThat(ApiRequirement.problem(Optional.of("<0.1.0"), provided)).isPresent();
        assertThat(ApiRequirement.problem(Optional.of("^0.1.0"), PluginApi.providedVersions())).isEmpty();
    }

    @Test
    void aRangeWithoutTheApiNamesBothVersionsAndARangeThatIsNoneSaysWhatOneIs() {
        assertThat(ApiRequirement.problem(Optional.of(">=0.2.0"), List.of("0.1.0"))).contains("it needs plugin API >=0.2.0 (its "
                + "Plugin-Requires); this Starfish provides plugin API 0.1.0: use a Starfish whose plugin API is in that "
                + "range, or rebuild the plugin against plugin API 0.1.0");
        assertThat(ApiRequirement.problem(Optional.of("^1.0.0"), List.of("0.1.0"))).get().asString()
                .startsWith("it needs plugin API ^1.0.0");
        assertThat(ApiRequirement.problem(Optional.of("the newest"), List.of("0.1.0"))).contains("its Plugin-Requires 'the newest'"
                + " is not a version range (expected e.g. ^0.1.0 or >=0.1.0 & <0.2.0); fix it in the jar's"
                + " META-INF/MANIFEST.MF");
        assertThat(ApiRequirement.problem(Optional.of("nope"), List.of("1.2.0"))).get().asString()
                .contains("(expected e.g. ^1.2.0 or >=1.2.0 & <2.0.0)");
    }

    @Test
    void theRegistryRefusesAJarForAnotherApiBeforeAnyOfItsClassesLoadsAndLoadsTheOthers() throws IOException {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Files.setPosixFilePermissions(plugins, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path loaded = tmp.resolve("newer-class-loaded");
        Path currentLoaded = tmp.resolve("current-class-loaded");
        new PluginJarBuilder(tmp, "newer").requires(">=0.3.0 & <0.4.0")
                .job("fixture.newer.NewerJob", PluginJarBuilder.inProcessJob("fixture.newer", "NewerJob", marker(loaded), "1"))
                .buildInto(plugins, "newer.jar");
        new PluginJarBuilder(tmp, "current").requires("^" + PluginApi.VERSION)
                .job("fixture.current.CurrentJob", PluginJarBuilder.inProcessJob("fixture.current", "CurrentJob", marker(currentLoaded), "1"))
                .buildInto(plugins, "current.jar");
        new PluginJarBuilder(tmp, "unstated")
                .job("fixture.unstated.UnstatedJob", PluginJarBuilder.inProcessJob("fixture.unstated", "UnstatedJob", "", "1"))
                .buildInto(plugins, "unstated.jar");

        try (JobRegistry registry = new JobRegistry(plugins, PluginRejectList.none(), HostSharedPackages.defaults(),
                JobRegistry.class.getClassLoader(), NativeSettings.plain(tmp.resolve("cache")), new PluginTrust(0),
                PluginLock.read(null)).loadAllJobs()) {
            assertThat(registry.jobs().stream().map(RegisteredJob::name)).containsExactly("CurrentJob", "UnstatedJob");
            PluginReport newer = registry.plugins().stream().filter(r -> r.jarName().equals("newer.jar")).findFirst()
                    .orElseThrow();
            assertThat(newer.state()).isEqualTo(PluginReport.State.FAILED);
            assertThat(newer.reason()).isEqualTo("Could not import 'newer' from newer.jar: it needs plugin API >=0.3.0 &"
                    + " <0.4.0 (its Plugin-Requires); this Starfish provides plugin API " + PluginApi.VERSION + " (and "
                    + "0.1.0, which it only adds to): use a"
                    + " Starfish whose plugin API is in that range, or rebuild the plugin against plugin API "
                    + PluginApi.VERSION);
            registry.job("CurrentJob");
        }
        assertThat(currentLoaded).as("an admitted job's class initialises when the job is made").exists();
        assertThat(loaded).as("no class of the refused jar was initialised").doesNotExist();
    }

    /** A static initialiser that creates {@code file}. */
    private static String marker(Path file) {
        return "try { java.nio.file.Files.createFile(java.nio.file.Path.of(\"" + file + "\")); }"
                + " catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }";
    }
}

package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.PluginApi;
import dev.starfish.runtime.nativelib.NativeSettings;
import dev.starfish.runtime.plugin.IndexedDeclarations;
import dev.starfish.runtime.plugin.PluginJarReader;
import dev.starfish.runtime.plugin.PluginLock;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.plugin.PluginReport;
import dev.starfish.runtime.plugin.PluginTrust;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar with a build-time job index (written by the plugin API's processor, run by a real javac):
 * the host takes the declarations from it without reading the job classes, holds each against its
 * class when it first loads it, and refuses a jar whose index lies, leaves a job out, lists a job
 * PF4J does not, is no index or is too large.
 */
class JobIndexRegistryTest {

    @TempDir
    Path tmp;
    private Path plugins;

    @BeforeEach
    void pluginsDirectory() throws IOException {
        plugins = Files.createDirectories(tmp.resolve("plugins"));
        Files.setPosixFilePermissions(plugins, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aTrueIndexGivesTheDeclarationsWithoutReadingAClassFileAndTheJobsLoad() throws Exception {
        Path jar = indexed("fixture.idx", "IndexedJob").buildInto(plugins, "indexed.jar");
        new PluginJarBuilder(tmp, "broken").omit("fixture.broken.BrokenJob")
                .job("fixture.broken.BrokenJob", job("fixture.broken", "BrokenJob"))
                .entry("fixture/broken/BrokenJob.class", "not a class file".getBytes(StandardCharsets.UTF_8))
                .buildInto(plugins, "broken.jar");

        PluginJarReader.PluginJar read = new PluginJarReader().read(jar);
        assertThat(read.jobClasses()).singleElement().satisfies(entry -> {
            assertThat(entry.problem()).isEmpty();
            assertThat(entry.declaration()).get().extracting(JobDeclaration::name).isEqualTo("IndexedJob");
        });
        PluginJarReader.PluginJar unreadClass = new PluginJarReader().read(plugins.resolve("broken.jar"));
        assertThat(unreadClass.jobClasses()).as("the class file is not read to list the job").singleElement()
                .satisfies(entry -> assertThat(entry.problem()).isEmpty());

        try (JobRegistry registry = registry()) {
            assertThat(registry.jobs()).extracting(RegisteredJob::name).containsExactly("IndexedJob");
            assertThat(report(registry, "broken.jar").reason()).as("held against its class when first loaded")
                    .startsWith("Could not import 'BrokenJob' from broken.jar: cannot load fixture.broken.BrokenJob: "
                            + "java.lang.ClassFormatError");
        }
    }

    @Test
    void anIndexThatSaysOtherwiseThanTheClassRefusesTheJar() throws Exception {
        indexed("fixture.lies", "LyingJob").withJobIndex(text -> text.replace("\"perSubgraph\": false",
                "\"perSubgraph\": true")).buildInto(plugins, "lies.jar");

        try (JobRegistry registry = registry()) {
            assertThat(registry.jobs()).isEmpty();
            PluginReport lies = report(registry, "lies.jar");
            assertThat(lies.state()).isEqualTo(PluginReport.State.FAILED);
            assertThat(lies.reason()).isEqualTo("Could not import 'LyingJob' from lies.jar: the job index "
                    + PluginApi.JOB_INDEX + " of lies.jar does not describe the jar: it says job LyingJob has "
                    + "perSubgraph true, but its class fixture.lies.LyingJob declares false; the jar is refused: "
                    + "rebuild it (mvn clean package)");
        }
    }

    @Test
    void anIndexThatLeavesAJobOutOrListsOnePf4jDoesNotRefusesTheJarNamingTheClass() throws Exception {
        new PluginJarBuilder(tmp, "partial").withJobIndex(text -> text.replaceAll(
                "(?s),\\s*\\{\"class\": \"fixture.partial.Second\".*?\"artifacts\": \\[\\]\\}", ""))
                .job("fixture.partial.First", job("fixture.partial", "First"))
                .job("fixture.partial.Second", job("fixture.partial", "Second"))
                .buildInto(plugins, "partial.jar");
        new PluginJarBuilder(tmp, "unlisted")
                .job("fixture.unlisted.Listed", job("fixture.unlisted", "Listed"))
                .source("fixture.unlisted.Unlisted", job("fixture.unlisted", "Unlisted"))
                .buildInto(plugins, "unlisted.jar");

        try (JobRegistry registry = registry()) {
            assertThat(registry.jobs()).isEmpty();
            assertThat(report(registry, "partial.jar").reason()).isEqualTo("Could not import 'Second' from partial.jar:"
                    + " job class fixture.partial.Second of partial.jar declares a job, but the jar's job index "
                    + PluginApi.JOB_INDEX + " leaves it out (written by a partial build?): rebuild the jar (mvn clean "
                    + "package)");
            assertThat(report(registry, "unlisted.jar").reason()).isEqualTo("Could not import 'Unlisted' from "
                    + "unlisted.jar: job class fixture.unlisted.Unlisted of unlisted.jar has @JobSpec but is not in "
                    + "META-INF/extensions.idx, so PF4J never sees it: annotate it with @org.pf4j.Extension");
        }
    }

    @Test
    void anIndexThatIsNoIndexOrTooLargeRefusesTheJarAndLoadsTheOthers() throws Exception {
        indexed("fixture.newer", "NewerJob").withJobIndex(text -> text.replace("\"format\": 1", "\"format\": 2"))
                .buildInto(plugins, "newer.jar");
        new PluginJarBuilder(tmp, "huge").withoutJobIndex().job("fixture.huge.HugeJob", job("fixture.huge", "HugeJob"))
                .entry(PluginApi.JOB_INDEX, new byte[IndexedDeclarations.MAX_INDEX_BYTES + 1])
                .buildInto(plugins, "huge.jar");
        indexed("fixture.fine", "FineJob").buildInto(plugins, "fine.jar");

        try (JobRegistry registry = registry()) {
            assertThat(registry.jobs()).extracting(RegisteredJob::name).containsExactly("FineJob");
            assertThat(report(registry, "newer.jar").reason()).isEqualTo("Could not import 'newerjob' from newer.jar: the"
                    + " job index " + PluginApi.JOB_INDEX + " of newer.jar is not valid: expected \"format\": 1, found 2"
                    + " (written by another plugin API's processor?); rebuild the jar against plugin API "
                    + PluginApi.VERSION + " (mvn clean package)");
            assertThat(report(registry, "huge.jar").reason()).isEqualTo("Could not import 'huge' from huge.jar: not a "
                    + "readable jar: huge.jar: " + PluginApi.JOB_INDEX + " is larger than "
                    + IndexedDeclarations.MAX_INDEX_BYTES + " bytes");
        }
    }

    private PluginJarBuilder indexed(String pkg, String name) {
        return new PluginJarBuilder(tmp, name.toLowerCase()).job(pkg + "." + name, job(pkg, name));
    }

    private static String job(String pkg, String name) {
        return PluginJarBuilder.inProcessJob(pkg, name, "", "1");
    }

    private JobRegistry registry() {
        return new JobRegistry(plugins, PluginRejectList.none(), HostSharedPackages.defaults(),
                JobRegistry.class.getClassLoader(), NativeSettings.plain(tmp.resolve("cache")), new PluginTrust(0),
                PluginLock.read(null)).loadAllJobs();
    }

    private static PluginReport report(JobRegistry registry, String jar) {
        return registry.plugins().stream().filter(r -> r.jarName().equals(jar)).findFirst().orElseThrow();
    }
}

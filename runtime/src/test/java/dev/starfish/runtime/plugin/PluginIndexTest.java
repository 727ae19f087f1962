package dev.starfish.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import dev.starfish.runtime.registry.RegisteredJob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin index: a second run opens no loader of a job it does not use, and a bad index costs time, never truth. */
class PluginIndexTest {

    @TempDir
    Path tmp;

    private Path plugins() throws IOException {
        return Files.createDirectories(tmp.resolve("plugins"));
    }

    private PluginIndexStore store() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("index"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        return new PluginIndexStore(dir.resolve("plugins.idx"), PluginIndexStore.hostStamp());
    }

    private Path jar(Path dir, String id, String job) {
        return new PluginJarBuilder(tmp, id)
                .job("fixture." + id + "." + job, PluginJarBuilder.inProcessJob("fixture." + id, job, "", "\"" + id + "\""))
                .buildInto(dir, id + ".jar");
    }

    private static List<String> names(JobRegistry registry) {
        return registry.jobs().stream().map(RegisteredJob::name).toList();
    }

    @Test
    void aSecondRunListsTheJobsWithoutOpeningAnyPluginLoader() throws IOException {
        Path dir = plugins();
        jar(dir, "alpha", "AlphaJob");
        jar(dir, "beta", "BetaJob");
        PluginIndexStore store = store();
        try (JobRegistry first = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            assertThat(first.jobs()).as("the first run checks each class in its loader")
                    .allSatisfy(job -> assertThat(job.plugin().isOpen()).isTrue());
        }
        assertThat(store.file()).exists();
        try (JobRegistry second = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            assertThat(names(second)).containsExactly("AlphaJob", "BetaJob");
            assertThat(second.jobs()).as("no loader before a job is used")
                    .allSatisfy(job -> assertThat(job.plugin().isOpen()).isFalse());
            assertThat(second.job("BetaJob").name()).isEqualTo("BetaJob");
            assertThat(second.registered("BetaJob").plugin().isOpen()).isTrue();
            assertThat(second.registered("AlphaJob").plugin().isOpen()).as("an unused plugin stays closed").isFalse();
        }
    }

    @Test
    void aJarReplacedInPlaceWithItsOldTimeIsReadAgain() throws IOException {
        Path dir = plugins();
        Path alpha = jar(dir, "alpha", "AlphaJob");
        FileTime before = Files.getLastModifiedTime(alpha);
        PluginIndexStore store = store();
        JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs().close();

        Path impostor = jar(Files.createDirectories(tmp.resolve("elsewhere")), "alpha", "GammaJob");
        Files.write(alpha, Files.readAllBytes(impostor));
        Files.setLastModifiedTime(alpha, before);
        try (JobRegistry registry = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            assertThat(names(registry)).containsExactly("GammaJob");
        }
    }

    @Test
    void aCopyWithTheSameBytesIsKnownByItsHash() throws IOException {
        Path dir = plugins();
        Path alpha = jar(dir, "alpha", "AlphaJob");
        PluginIndexStore store = store();
        JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs().close();
        Path copy = tmp.resolve("copy.jar");
        Files.copy(alpha, copy);
        Files.move(copy, alpha, StandardCopyOption.REPLACE_EXISTING);
        try (JobRegistry registry = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            assertThat(names(registry)).containsExactly("AlphaJob");
            assertThat(registry.registered("AlphaJob").plugin().isOpen()).as("known, so not checked again").isFalse();
        }
    }

    @Test
    void aCorruptIndexIsIgnoredAndReplaced() throws IOException {
        Path dir = plugins();
        jar(dir, "alpha", "AlphaJob");
        PluginIndexStore store = store();
        Files.writeString(store.file(), "not an index");
        Files.setPosixFilePermissions(store.file(), PosixFilePermissions.fromString("rw-------"));
        try (JobRegistry registry = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            assertThat(names(registry)).containsExactly("AlphaJob");
            assertThat(registry.warnings()).isEmpty();
        }
        assertThat(store.load()).as("rewritten").hasSize(1);
    }

    @Test
    void anIndexOfTheFirstFormatIsIgnoredAndReplaced() throws IOException {
        Path dir = plugins();
        jar(dir, "alpha", "AlphaJob");
        PluginIndexStore store = store();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(Files.newOutputStream(store.file()))) {
            out.writeUTF("starfish-plugin-index-1");
            out.writeUTF(PluginIndexStore.hostStamp());
            out.writeInt(1);
        }
        Files.setPosixFilePermissions(store.file(), PosixFilePermissions.fromString("rw-------"));
        assertThat(store.load()).as("modified UTF-8 strings of format 1 read as no index").isEmpty();
        try (JobRegistry registry = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            assertThat(names(registry)).containsExactly("AlphaJob");
            assertThat(registry.warnings()).isEmpty();
        }
        assertThat(store.load()).as("rewritten in the current format").hasSize(1);
    }

    @Test
    void aHugeStringLengthInACorruptIndexIsRefusedNotAllocated() throws IOException {
        PluginIndexStore store = store();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(Files.newOutputStream(store.file()))) {
            out.writeInt(Integer.MAX_VALUE);
        }
        Files.setPosixFilePermissions(store.file(), PosixFilePermissions.fromString("rw-------"));
        assertThat(store.load()).isEmpty();
    }

    @Test
    void theIndexFileIsNamedAfterTheDirectoryWithoutADigestProvider() {
        assertThat(PluginIndexStore.fileNameFor("/opt/starfish/plugins")).matches("[0-9a-f]{16}\\.idx")
                .isEqualTo(PluginIndexStore.fileNameFor("/opt/starfish/plugins"))
                .isNotEqualTo(PluginIndexStore.fileNameFor("/opt/starfish/plugins2"));
    }

    @Test
    void eachHostBuildKeepsItsOwnIndexOfASharedDirectory() {
        String dir = "/opt/starfish/plugins";
        assertThat(PluginIndexStore.fileNameFor(dir + "\n" + "17.0.15|/a/starfish-runtime.jar:1:2|api"))
                .isNotEqualTo(PluginIndexStore.fileNameFor(dir + "\n" + "17.0.15|/b/starfish-runtime.jar:1:2|api"));
    }

    @Test
    void savingPrunesOnlyIndexFilesNotWrittenForAMonth() throws IOException {
        PluginIndexStore store = indexedAlpha();
        Path dir = store.file().getParent();
        FileTime old = FileTime.from(Instant.now().minus(PluginIndexStore.STALE_AFTER).minus(Duration.ofDays(1)));
        Path stale = Files.writeString(dir.resolve("0000000000000001.idx"), "stale");
        Files.setLastModifiedTime(stale, old);
        Path fresh = Files.writeString(dir.resolve("0000000000000002.idx"), "fresh");
        Path notAnIndex = Files.writeString(dir.resolve("notes.txt"), "old");
        Files.setLastModifiedTime(notAnIndex, old);
        Path elsewhere = Files.writeString(tmp.resolve("target-of-link"), "old");
        Files.setLastModifiedTime(elsewhere, old);
        Path link = Files.createSymbolicLink(dir.resolve("0000000000000003.idx"), elsewhere);

        store.save(store.load().values());

        assertThat(stale).doesNotExist();
        assertThat(fresh).exists();
        assertThat(store.file()).as("the index just written").exists();
        assertThat(notAnIndex).exists();
        assertThat(link).as("a link is not an index file: left alone, and what it points to too").isSymbolicLink();
        assertThat(elsewhere).exists();
    }

    /** A store holding the index of one plugin, AlphaJob. */
    private PluginIndexStore indexedAlpha() throws IOException {
        Path dir = plugins();
        jar(dir, "alpha", "AlphaJob");
        PluginIndexStore store = store();
        JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs().close();
        assertThat(store.load()).hasSize(1);
        return store;
    }

    @Test
    void anIndexOthersMayWriteIsNotBelieved() throws IOException {
        PluginIndexStore store = indexedAlpha();
        Files.setPosixFilePermissions(store.file(), PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThat(store.load()).as("a world-writable index reads as empty").isEmpty();
        Path link = store.file().resolveSibling("link.idx");
        Files.createSymbolicLink(link, store.file());
        assertThat(new PluginIndexStore(link, PluginIndexStore.hostStamp()).load()).as("a link is not followed").isEmpty();
    }

    @Test
    void anIndexOfAnotherHostIsIgnored() throws IOException {
        PluginIndexStore store = indexedAlpha();
        assertThat(new PluginIndexStore(store.file(), "another host").load()).isEmpty();
    }

    @Test
    void aBrokenJobClassStaysFailedOnTheNextRunWithTheSameMessage() throws IOException {
        Path dir = plugins();
        new PluginJarBuilder(tmp, "missing").listedJob("fixture.missing.GoneJob").buildInto(dir, "missing.jar");
        PluginIndexStore store = store();
        List<String> first;
        try (JobRegistry registry = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            first = registry.warnings();
        }
        try (JobRegistry registry = JobRegistry.withIndex(dir, PluginRejectList.none(), store).loadAllJobs()) {
            assertThat(registry.warnings()).isEqualTo(first).singleElement().asString().contains("is missing from missing.jar");
        }
    }
}

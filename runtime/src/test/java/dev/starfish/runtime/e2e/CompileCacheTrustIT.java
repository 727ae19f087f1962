package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compile cache never serves what it did not verify and never uses a directory others
 * control: a corrupt entry or a same-size impostor is dropped with one warning and the model
 * compiled again; a cache directory that is a symbolic link, writable by others or another
 * user's is not used (one warning, the compile succeeds); {@code starfish cache} shows, verifies
 * and clears only a Starfish cache.
 */
class CompileCacheTrustIT {

    @TempDir
    Path tmp;

    private AssembledDistribution dist;
    private Path cwd;
    private Path cacheDir;

    @BeforeEach
    void model() throws IOException {
        dist = AssembledDistribution.built();
        cwd = Files.createDirectories(tmp.resolve("cwd"));
        cacheDir = cwd.resolve(".cache/compile");
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("m.hlo"));
    }

    private AssembledDistribution.Run run(String... args) {
        return dist.run(cwd, args);
    }

    private AssembledDistribution.Run compileInto(String name, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("compile", "m.hlo", "-o", name + ".neff", "--workdir", name));
        args.addAll(List.of(extra));
        AssembledDistribution.Run run = run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s", run).isZero();
        return run;
    }

    private Path onlyEntry() throws IOException {
        try (Stream<Path> entries = Files.list(cacheDir.resolve("entries"))) {
            return entries.collect(java.util.stream.Collectors.toList()).get(0);
        }
    }

    @Test
    void aCorruptEntryIsDroppedWithOneWarningAndTheModelCompiledAgain() throws IOException {
        compileInto("first");
        Path entry = onlyEntry();
        Files.write(entry.resolve("output.neff"), new byte[] {1}, StandardOpenOption.APPEND);
        AssembledDistribution.Run second = compileInto("second");
        assertThat(second.stdout()).contains("(1 subgraph, ");
        assertThat(second.stderr()).isEqualTo("WARN  Dropped the corrupt compile cache entry " + entry
                + ": its .neff is " + (Files.size(cwd.resolve("first.neff")) + 1) + " bytes, the manifest says "
                + Files.size(cwd.resolve("first.neff")) + "; compiling the model again\n");
        assertThat(cwd.resolve("second.neff")).hasSameBinaryContentAs(cwd.resolve("first.neff"));
        assertThat(compileInto("third").stdout()).as("the entry was stored again").contains("(cache hit, ");
    }

    @Test
    void aSameSizeImpostorNeverReachesTheOutput() throws IOException {
        compileInto("first");
        Path neff = onlyEntry().resolve("output.neff");
        byte[] impostor = Files.readAllBytes(neff);
        impostor[impostor.length / 2] ^= 0x55;
        Files.write(neff, impostor);
        AssembledDistribution.Run second = compileInto("second");
        assertThat(second.stderr()).startsWith("WARN  Dropped the corrupt compile cache entry")
                .contains("does not match its manifest").endsWith("; compiling the model again\n");
        assertThat(second.stdout()).contains("(1 subgraph, ");
        assertThat(cwd.resolve("second.neff")).hasSameBinaryContentAs(cwd.resolve("first.neff"));
    }

    @Test
    void aSymbolicLinkAsCacheDirectoryIsNotUsed() throws IOException {
        Path real = Files.createDirectories(tmp.resolve("real-cache"));
        Path link = Files.createSymbolicLink(tmp.resolve("link-cache"), real);
        AssembledDistribution.Run run = compileInto("first", "--cache-dir", link.toString());
        assertThat(run.stderr()).isEqualTo("WARN  the compile cache directory " + link
                + " is a symbolic link; use a directory of your own that only you can write (chmod 700), or --cache-dir;"
                + " compiling without the cache\n");
        try (Stream<Path> files = Files.list(real)) {
            assertThat(files).as("nothing is written through the link").isEmpty();
        }
    }

    @Test
    void aCacheDirectoryOthersMayWriteIsNotUsed() throws IOException {
        Path open = Files.createDirectories(tmp.resolve("open-cache"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        AssembledDistribution.Run run = compileInto("first", "--cache-dir", open.toString());
        assertThat(run.stderr()).isEqualTo("WARN  the compile cache directory " + open
                + " is writable by group or others (mode rwxrwxrwx); use a directory of your own that only you can write"
                + " (chmod 700), or --cache-dir; compiling without the cache\n");
        assertThat(run.stdout()).contains("(1 subgraph, ");
    }

    @Test
    void aCacheDirectoryOfAnotherUserIsNotUsed() throws IOException {
        Path theirs = Files.createDirectories(tmp.resolve("their-cache"));
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rwx------"));
        Files.setOwner(theirs, theirs.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        AssembledDistribution.Run run = compileInto("first", "--cache-dir", theirs.toString());
        assertThat(run.stderr()).startsWith("WARN  the compile cache directory " + theirs + " is owned by uid ")
                .endsWith("; compiling without the cache\n");
        assertThat(run.stdout()).contains("(1 subgraph, ");
    }

    @Test
    void cacheInfoVerifyAndClearWorkOnEntriesOnly() throws IOException {
        compileInto("first");
        AssembledDistribution.Run info = run("cache", "info");
        assertThat(info.exitCode()).as("%s", info).isZero();
        assertThat(info.stdout()).contains("directory   " + cacheDir + "\n").contains("entries     1\n")
                .contains("cap         10737418240 (10.0 GiB)\n").containsPattern("oldest use  \\d{4}-");
        Path entry = onlyEntry();
        Files.writeString(cacheDir.resolve("entries/notes.txt"), "not an entry");
        Files.write(entry.resolve("output.neff"), new byte[] {1}, StandardOpenOption.APPEND);
        AssembledDistribution.Run verify = run("cache", "verify");
        assertThat(verify.exitCode()).as("%s", verify).isEqualTo(1);
        assertThat(verify.stdout()).startsWith("dropped " + entry.getFileName() + ": its .neff is ")
                .endsWith("verified 1 entry in " + cacheDir + ": 0 sound, 1 corrupt (dropped)\n");
        assertThat(entry).doesNotExist();
        compileInto("second");
        AssembledDistribution.Run clean = run("cache", "verify");
        assertThat(clean.exitCode()).as("%s", clean).isZero();
        AssembledDistribution.Run clear = run("cache", "clear");
        assertThat(clear.stdout()).isEqualTo("removed 1 entry from " + cacheDir + "\n");
        assertThat(cacheDir.resolve("entries/notes.txt")).as("what is not an entry stays").hasContent("not an entry");
        assertThat(compileInto("third").stdout()).contains("(1 subgraph, ");
    }

    @Test
    void clearRefusesADirectoryThatIsNotAStarfishCache() throws IOException {
        Path documents = Files.createDirectories(tmp.resolve("documents"));
        Files.setPosixFilePermissions(documents, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(documents.resolve("thesis.txt"), "mine");
        AssembledDistribution.Run clear = run("cache", "clear", "--cache-dir", documents.toString());
        assertThat(clear.exitCode()).as("%s", clear).isEqualTo(2);
        assertThat(clear.stderr()).isEqualTo("starfish: error: the compile cache " + documents + " is not empty and is "
                + "not a Starfish compile cache (no CACHEDIR.TAG); give --cache-dir a new or empty directory\n");
        assertThat(documents.resolve("thesis.txt")).hasContent("mine");
    }
}

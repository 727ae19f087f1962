package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A remembered digest is used only while the file is provably unchanged; -### never writes one. */
class FileDigestsTest {

    @TempDir
    Path tmp;

    private Path store() throws IOException {
        return Files.createDirectories(tmp.resolve("digests"));
    }

    private Path onlyEntry(Path store) throws IOException {
        try (Stream<Path> files = Files.list(store)) {
            return files.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow();
        }
    }

    @Test
    void aRememberedDigestServesTheNextCommandUntilTheFileChangesEvenWithItsSizeAndMtimeKept() throws IOException {
        Path store = store();
        Path jar = Files.writeString(tmp.resolve("job.jar"), "jar bytes");
        String real = FileDigests.sha256(jar);
        assertThat(new FileDigests(Optional.of(store), true, Duration.ZERO).of(jar)).isEqualTo(real);
        Path entry = onlyEntry(store);
        String forged = Files.readString(entry).replace(real, "f".repeat(64));
        Files.writeString(entry, forged);
        assertThat(new FileDigests(Optional.of(store), true, Duration.ZERO).of(jar))
                .as("a new command uses the remembered digest (here forged, to prove it is read)").isEqualTo("f".repeat(64));
        FileTime mtime = Files.getLastModifiedTime(jar);
        FileTime changed = (FileTime) Files.getAttribute(jar, "unix:ctime");
        while (java.time.Instant.now().isBefore(changed.toInstant().plusMillis(20))) {
            Thread.onSpinWait(); // past the kernel's timestamp tick, so the rewrite gets a later change time
        }
        Files.writeString(jar, "JAR BYTES");
        Files.setLastModifiedTime(jar, mtime);
        assertThat(new FileDigests(Optional.of(store), true, Duration.ZERO).of(jar))
                .as("same size, same mtime, other bytes: the change time tells").isEqualTo(FileDigests.sha256(jar));
    }

    @Test
    void aJustChangedFileIsNotRememberedAndTheDryRunWritesNothing() throws IOException {
        Path store = store();
        Path tool = Files.writeString(tmp.resolve("tool"), "#!/bin/sh\n");
        new FileDigests(Optional.of(store), true, Duration.ofDays(1)).of(tool);
        new FileDigests(Optional.of(store), false, Duration.ZERO).of(tool);
        try (Stream<Path> files = Files.list(store)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aMalformedOrLinkedEntryIsIgnored() throws IOException {
        Path store = store();
        Path jar = Files.writeString(tmp.resolve("job.jar"), "jar bytes");
        new FileDigests(Optional.of(store), true, Duration.ZERO).of(jar);
        Path entry = onlyEntry(store);
        Files.writeString(entry, "garbage", StandardCharsets.UTF_8);
        assertThat(new FileDigests(Optional.of(store), false, Duration.ZERO).of(jar)).isEqualTo(FileDigests.sha256(jar));
        Path elsewhere = Files.writeString(tmp.resolve("forged"), Files.readString(entry));
        Files.delete(entry);
        Files.createSymbolicLink(entry, elsewhere);
        assertThat(new FileDigests(Optional.of(store), false, Duration.ZERO).of(jar)).isEqualTo(FileDigests.sha256(jar));
    }

    @Test
    void aHostsMemoryServesItsNextCommandsWithoutTheStoreUntilTheFileChanges() throws IOException {
        DigestMemory memory = new DigestMemory();
        Path jar = Files.writeString(tmp.resolve("job.jar"), "jar bytes");
        String real = FileDigests.sha256(jar);
        assertThat(new FileDigests(Optional.empty(), false, Duration.ZERO, memory).of(jar)).isEqualTo(real);
        assertThat(memory.get(jar, FileDigests.stat(jar))).contains(real);
        memory.put(jar, FileDigests.stat(jar), "f".repeat(64));
        assertThat(new FileDigests(Optional.empty(), false, Duration.ZERO, memory).of(jar))
                .as("the next command takes the memory's digest (forged, to prove it is read)").isEqualTo("f".repeat(64));
        FileTime mtime = Files.getLastModifiedTime(jar);
        FileTime changed = (FileTime) Files.getAttribute(jar, "unix:ctime");
        while (java.time.Instant.now().isBefore(changed.toInstant().plusMillis(20))) {
            Thread.onSpinWait();
        }
        Files.writeString(jar, "JAR BYTES");
        Files.setLastModifiedTime(jar, mtime);
        assertThat(new FileDigests(Optional.empty(), false, Duration.ZERO, memory).of(jar))
                .as("same size and mtime, other bytes: hashed again").isEqualTo(FileDigests.sha256(jar));
    }

    @Test
    void aJustChangedFileIsNotKeptForTheNextCommand() throws IOException {
        DigestMemory memory = new DigestMemory();
        Path tool = Files.writeString(tmp.resolve("tool"), "#!/bin/sh\n");
        new FileDigests(Optional.empty(), false, Duration.ofDays(1), memory).of(tool);
        assertThat(memory.get(tool, FileDigests.stat(tool))).isEmpty();
    }
}

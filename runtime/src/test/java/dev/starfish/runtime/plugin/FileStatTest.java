package dev.starfish.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStatTest {

    @TempDir
    Path dir;

    @Test
    void readsAFileAsTheSeparateAttributeReadsDid() throws IOException {
        Path jar = Files.writeString(dir.resolve("a.jar"), "12345");
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r-----"));
        FileStat stat = FileStat.of(jar);
        assertThat(stat.isRegularFile()).isTrue();
        assertThat(stat.isSymbolicLink()).isFalse();
        assertThat(stat.size()).isEqualTo(5);
        assertThat(stat.octalPermissions()).isEqualTo("0640");
        assertThat(stat.isGroupWritable()).isFalse();
        assertThat(stat.isOthersWritable()).isFalse();
        assertThat(stat.uid()).isEqualTo(Files.getAttribute(jar, "unix:uid"));
        assertThat(stat.ino()).isEqualTo(((Number) Files.getAttribute(jar, "unix:ino")).longValue());
        assertThat(stat.mtimeNanos()).isEqualTo(Files.getLastModifiedTime(jar).to(java.util.concurrent.TimeUnit.NANOSECONDS));
    }

    @Test
    void aLinkIsTheLinkItselfNeverItsTarget() throws IOException {
        Path target = Files.writeString(dir.resolve("real.jar"), "x");
        Path link = Files.createSymbolicLink(dir.resolve("link.jar"), target);
        FileStat stat = FileStat.of(link);
        assertThat(stat.isSymbolicLink()).isTrue();
        assertThat(stat.isRegularFile()).isFalse();
        assertThat(stat.ino()).isNotEqualTo(FileStat.of(target).ino());

        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.jar"), dir.resolve("gone.jar"));
        assertThat(FileStat.of(dangling).isSymbolicLink()).as("a dangling link is still seen, to be refused").isTrue();
    }

    @Test
    void groupAndWorldWritableBitsAreSeen() throws IOException {
        Path jar = Files.writeString(dir.resolve("w.jar"), "x");
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-rw-r--"));
        assertThat(FileStat.of(jar).isGroupWritable()).isTrue();
        assertThat(FileStat.of(jar).isOthersWritable()).isFalse();
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r--rw-"));
        assertThat(FileStat.of(jar).isOthersWritable()).isTrue();
        assertThat(FileStat.of(jar).octalPermissions()).isEqualTo("0646");
    }

    @Test
    void aChmodChangesTheStatusTimeSoTheIndexKeySeesIt() throws IOException {
        Path jar = Files.writeString(dir.resolve("c.jar"), "x");
        long before = FileStat.of(jar).ctimeNanos();
        // the kernel's file clock may tick coarsely: change the mode until it has ticked (bounded)
        long after = before;
        for (int i = 0; i < 1_000_000 && after == before; i++) {
            Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString(i % 2 == 0 ? "rw-------" : "rw-r--r--"));
            after = FileStat.of(jar).ctimeNanos();
        }
        assertThat(after).isGreaterThan(before);
    }

    @Test
    void aMissingFileIsAnIoError() {
        assertThatThrownBy(() -> FileStat.of(dir.resolve("none.jar"))).isInstanceOf(NoSuchFileException.class);
    }
}

package dev.starfish.runtime.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocketDirectoryTest {

    @TempDir
    Path tmp;

    @Test
    void aPrivateDirectoryIsAcceptedAndALooseOneALinkOrAFileIsRefusedByName() throws Exception {
        Path ok = Files.createDirectory(tmp.resolve("ok"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path loose = Files.createDirectory(tmp.resolve("loose"));
        Files.setPosixFilePermissions(loose, PosixFilePermissions.fromString("rwxr-x---"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), ok);
        Path file = Files.createFile(tmp.resolve("file"));

        assertThat(SocketDirectory.refusal(ok)).isEmpty();
        assertThat(SocketDirectory.refusal(loose)).hasValueSatisfying(why -> assertThat(why)
                .contains(loose.toString()).contains("mode 0750").contains("expected 0700"));
        assertThat(SocketDirectory.refusal(link)).hasValueSatisfying(why -> assertThat(why).contains("symbolic link"));
        assertThat(SocketDirectory.refusal(file)).hasValueSatisfying(why -> assertThat(why).contains("not a directory"));
        assertThat(SocketDirectory.refusal(tmp.resolve("none"))).isPresent();
    }

    @Test
    void aDirectoryOfAnotherUserIsRefused() throws Exception {
        Path other = Files.createDirectory(tmp.resolve("other"));
        Files.setPosixFilePermissions(other, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(other, "unix:uid", 65534);

        assertThat(SocketDirectory.refusal(other)).hasValueSatisfying(why -> assertThat(why)
                .contains("belongs to uid 65534"));
    }
}

package dev.starfish.runtime.invocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UmaskTest {

    @Test
    void theModesAreWhatCreatingAFileOrDirectoryUnderTheMaskGives() {
        assertThat(PosixFilePermissions.toString(new Umask(0022).fileMode())).isEqualTo("rw-r--r--");
        assertThat(PosixFilePermissions.toString(new Umask(0077).fileMode())).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(new Umask(0027).directoryMode())).isEqualTo("rwxr-x---");
        assertThat(PosixFilePermissions.toString(new Umask(0).directoryMode())).isEqualTo("rwxrwxrwx");
        assertThat(PosixFilePermissions.toString(new Umask(0777).fileMode())).isEqualTo("---------");
        assertThat(new Umask(0027)).hasToString("0027");
    }

    @Test
    void thisProcessesMaskIsTheOneItsFilesAreCreatedUnder(@TempDir Path dir) throws IOException {
        Path made = Files.createFile(dir.resolve("made"));
        assertThat(Files.getPosixFilePermissions(made)).isEqualTo(Umask.ofThisProcess().fileMode());
    }

    @Test
    void aMaskOutside0000To0777IsRefused() {
        assertThatThrownBy(() -> new Umask(01000)).hasMessageContaining("0000-0777, found 1000");
        assertThatThrownBy(() -> new Umask(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}

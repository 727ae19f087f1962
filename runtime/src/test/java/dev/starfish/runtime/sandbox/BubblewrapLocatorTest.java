package dev.starfish.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Only a bwrap nobody but root can replace is used. */
class BubblewrapLocatorTest {

    @TempDir
    Path dir;

    @Test
    void aWorldWritableBwrapIsRefusedNamingItsMode() throws IOException {
        Path bwrap = fake("rwxrwxrwx");

        assertThat(BubblewrapLocator.whyUntrusted(bwrap)).hasValueSatisfying(why -> assertThat(why)
                .isEqualTo("is refused: it is writable by group or others (mode 0777)"));
    }

    @Test
    void aBwrapOfAnotherOwnerIsRefusedNamingTheOwner() throws IOException {
        Path bwrap = fake("rwxr-xr-x");
        Files.setAttribute(bwrap, "unix:uid", 4242);

        assertThat(BubblewrapLocator.whyUntrusted(bwrap)).hasValue("is refused: it is owned by uid 4242, not root");
    }

    @Test
    void anUntrustedBwrapOnThePathIsSkippedForTheSystemOne() throws IOException {
        fake("rwxrwxrwx");

        BubblewrapLocator.Found found = BubblewrapLocator.locate(dir.toString());

        assertThat(found.bwrap()).as("Debian's, installed on this machine (.ci/test.sh installs bubblewrap)")
                .hasValue(BubblewrapLocator.DEBIAN_PATH);
    }

    @Test
    void aMissingFileIsNotTrusted() {
        assertThat(BubblewrapLocator.whyUntrusted(dir.resolve("absent"))).hasValueSatisfying(why -> assertThat(why)
                .startsWith("cannot be checked ("));
    }

    /** A fake bwrap in a root-owned, not group-writable directory of its own. */
    private Path fake(String mode) throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bwrap = dir.resolve("bwrap");
        Files.writeString(bwrap, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(bwrap, PosixFilePermissions.fromString(mode));
        return bwrap;
    }
}

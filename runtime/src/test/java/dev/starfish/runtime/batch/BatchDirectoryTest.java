package dev.starfish.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchDirectoryTest {

    @TempDir
    Path tmp;

    @Test
    void eachBatchGetsANewPrivateDirectoryOfAnUnguessableName() throws IOException {
        Path first = BatchDirectory.create(tmp);
        Path second = BatchDirectory.create(tmp);
        assertThat(first).isNotEqualTo(second);
        for (Path dir : new Path[] {first, second}) {
            assertThat(Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS))
                    .isEqualTo(PosixFilePermissions.fromString("rwx------"));
            assertThat(dir.getFileName().toString()).matches("starfish-batch-\\d{8}-\\d{6}-\\d{10,}");
            try (var files = Files.list(dir)) {
                assertThat(files).as("fresh: nothing of anyone in it").isEmpty();
            }
        }
    }

    @Test
    void aDirectoryOthersMayEnterIsNotPrivate() throws IOException {
        Path open = Files.createDirectory(tmp.resolve("open"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        assertThatThrownBy(() -> BatchDirectory.checkPrivate(open)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is not a private directory of yours").hasMessageContaining("mode 755");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), BatchDirectory.create(tmp));
        assertThatThrownBy(() -> BatchDirectory.checkPrivate(link)).isInstanceOf(IllegalStateException.class);
    }
}

package dev.starfish.runtime.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkDirectoryCleanerTest {

    @TempDir
    Path dir;

    @Test
    void aTaggedWorkDirectoryAndTheLogLinkIntoItAreRemoved() throws IOException {
        Path work = tagged("m.work");
        Files.createDirectories(work.resolve("sg00/deep")).resolve("f").toFile().createNewFile();
        Files.createSymbolicLink(dir.resolve("log-starfish.txt"), Path.of("m.work/log-starfish.txt"));

        List<WorkDirectoryCleaner.Outcome> outcomes = WorkDirectoryCleaner.clean(dir, false);

        assertThat(outcomes).extracting(o -> o.path().getFileName().toString(), WorkDirectoryCleaner.Outcome::removed)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("m.work", true),
                        org.assertj.core.groups.Tuple.tuple("log-starfish.txt", true));
        assertThat(work).doesNotExist();
        assertThat(Files.exists(dir.resolve("log-starfish.txt"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        try (var left = Files.list(dir)) {
            assertThat(left).as("nothing left behind").isEmpty();
        }
    }

    @Test
    void aDryRunRemovesNothing() throws IOException {
        Path work = tagged("m.work");

        assertThat(WorkDirectoryCleaner.clean(dir, true)).singleElement().matches(WorkDirectoryCleaner.Outcome::removed);
        assertThat(work).isDirectory();
    }

    @Test
    void anUntaggedDirectoryAndASymbolicLinkAreSkipped() throws IOException {
        Files.createDirectories(dir.resolve("plain.work"));
        Path target = tagged("target");
        Files.createSymbolicLink(dir.resolve("link.work"), target);

        assertThat(WorkDirectoryCleaner.clean(dir, false)).extracting(WorkDirectoryCleaner.Outcome::reason)
                .containsExactly("a symbolic link (never followed)", "no .starfish-workdir tag: Starfish did not make it");
        assertThat(target.resolve(WorkDirectory.TAG)).exists();
    }

    @Test
    void aLockedWorkDirectoryIsSkippedWithItsHolder() throws IOException {
        Path work = tagged("m.work");
        try (LockedFile lock = LockedFile.open(work.resolve(WorkDirectory.TAG), StandardOpenOption.READ)) {
            assertThat(lock.tryLock()).isTrue();
            lock.replaceContent("4242\n");

            assertThat(WorkDirectoryCleaner.clean(dir, false)).singleElement()
                    .matches(o -> !o.removed() && o.reason().equals("in use by a running compile (pid 4242)"), "skipped");
        }
        assertThat(work).isDirectory();
    }

    @Test
    void aDirThatIsNotADirectoryIsInvalidInput() {
        assertThatThrownBy(() -> WorkDirectoryCleaner.clean(dir.resolve("nope"), false))
                .isInstanceOf(InvalidInputException.class).hasMessage("clean expects a directory, found nothing at "
                        + dir.resolve("nope"));
    }

    private Path tagged(String name) throws IOException {
        Path work = Files.createDirectories(dir.resolve(name)).normalize();
        Files.writeString(work.resolve(WorkDirectory.TAG), "");
        Files.writeString(work.resolve("log-starfish.txt"), "log\n");
        return work;
    }
}

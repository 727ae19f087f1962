package dev.starfish.runtime.log;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.log.CompileLogFiles;
import dev.starfish.runtime.log.LogFileSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compile's log written through the handle the compile locked: a symbolic link swapped in for the
 * log's name after the lock (the hook: between {@code attach} and the first line) redirects nothing.
 */
class CompileLogFilesTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    private final CompileLogFiles files = new CompileLogFiles(new PrintStream(warnings, true, StandardCharsets.UTF_8));

    /** A root-only file the attacker wants truncated. */
    private Path victim() throws IOException {
        return Files.writeString(dir.resolve("shadow"), "root:secret\n");
    }

    /** Moves the log away and puts a link to {@code victim} in its place; returns where the locked file now is. */
    private Path swapForLink(Path log, Path victim) throws IOException {
        Path moved = Files.move(log, dir.resolve("moved-log.txt"));
        Files.createSymbolicLink(log, victim);
        return moved;
    }

    @Test
    void aLinkSwappedInForTheLockedLogAfterTheLockRedirectsNoLine() throws IOException {
        Path victim = victim();
        Path log = dir.resolve("log-starfish.txt");
        try (FileChannel locked = FileChannel.open(log, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS); var lock = locked.lock();
                LogFileSink.Registration attached = files.attach(log.toString(), locked)) {
            Path moved = swapForLink(log, victim);

            files.write(log.toString(), "first line\n");
            files.write(log.toString(), "second line\n");

            assertThat(victim).as("the victim is neither truncated nor written").hasContent("root:secret\n");
            assertThat(moved).as("the lines went to the locked file").hasContent("first line\nsecond line\n");
            assertThat(Files.isSymbolicLink(log)).isTrue();
        }
        files.write(log.toString(), "after the compile\n");
        assertThat(victim).as("a line after the compile ended opens nothing").hasContent("root:secret\n");
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aNameNobodyAttachedIsNeverFollowedThroughALink() throws IOException {
        Path victim = victim();
        Path log = dir.resolve("other-log.txt");
        Files.createSymbolicLink(log, victim);

        files.write(log.toString(), "line\n");

        assertThat(victim).as("not truncated through the link").hasContent("root:secret\n");
        assertThat(warnings.toString(StandardCharsets.UTF_8)).startsWith("starfish: warning: cannot write the log file "
                + log);
    }
}

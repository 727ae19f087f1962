package dev.starfish.runtime.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A file a compile holds for its whole run: opened for writing (created when missing) without
 * following a symbolic link, then locked exclusively. The lock is an OS lock, so it is dropped
 * when the holder dies and a killed compile leaves no stale lock; a second lock in the same JVM
 * fails like one from another process. The owners ({@link CompileLog}, {@link WorkDirectory})
 * decide what a refusal says.
 */
final class LockedFile implements AutoCloseable {

    private final Path file;
    private final FileChannel channel;
    private FileLock lock;

    private LockedFile(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Opens {@code file} for writing, and for {@code extra} (e.g. {@code READ}); never follows a link. */
    static LockedFile open(Path file, OpenOption... extra) throws IOException {
        List<OpenOption> options = new ArrayList<>(List.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS));
        options.addAll(List.of(extra));
        return new LockedFile(file, FileChannel.open(file, options.toArray(OpenOption[]::new)));
    }

    /** Takes the exclusive lock; {@code false} when another compile holds it (the file stays open). */
    boolean tryLock() {
        try {
            lock = channel.tryLock();
        } catch (IOException | OverlappingFileLockException e) {
            lock = null;
        }
        return lock != null;
    }

    /** The open handle, for writing through it rather than reopening the name. */
    FileChannel channel() {
        return channel;
    }

    /** Up to {@code max} bytes from the start of the file, as ASCII, trimmed. */
    String head(int max) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(max);
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).trim();
    }

    /** Replaces the file's content by {@code text} ({@link InPlaceContent}: no truncation to zero). */
    void replaceContent(String text) throws IOException {
        InPlaceContent.replace(channel, text);
    }

    /** Releases the lock (when held) and closes the file. */
    @Override
    public void close() {
        try {
            if (lock != null) {
                lock.release();
            }
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unlock " + file + ": " + e.getMessage(), e);
        }
    }
}

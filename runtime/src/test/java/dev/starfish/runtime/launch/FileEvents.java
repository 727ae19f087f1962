package dev.starfish.runtime.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Waits for files to appear or go, polling; gives up after {@link ProcessTable#PATIENCE_MILLIS},
 * which only a broken launcher reaches. Tests wait on these events, never on a duration.
 */
final class FileEvents {

    private FileEvents() {
    }

    /** Waits until {@code dir} holds at least {@code count} entries and returns them, sorted. */
    static List<Path> awaitEntries(Path dir, int count) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + ProcessTable.PATIENCE_MILLIS * 1_000_000;
        List<Path> entries = list(dir);
        while (entries.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + count + " entries in " + dir + ", found " + entries);
            }
            Thread.sleep(10);
            entries = list(dir);
        }
        return entries;
    }

    /** Waits until {@code file} no longer exists. */
    static void awaitGone(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + ProcessTable.PATIENCE_MILLIS * 1_000_000;
        while (Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("expected " + file + " to be removed, it is still there");
            }
            Thread.sleep(10);
        }
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}

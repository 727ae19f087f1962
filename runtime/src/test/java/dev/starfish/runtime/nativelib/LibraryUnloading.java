package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Waits, on events rather than the clock, until a closed plugin's loader is collected and its JNI library unmapped. */
final class LibraryUnloading {

    /** More full collections than a closed, unreferenced loader ever needs; reaching it means a leak. */
    static final int MAX_COLLECTIONS = 50;
    /** More yields than the JVM's cleaner thread ever needs to unload a collected loader's library. */
    static final int MAX_YIELDS = 1_000_000;

    private LibraryUnloading() {
    }

    /**
     * Collects until {@code loader} is gone, then yields until the JVM's cleaner has unmapped every
     * library under {@code libraryPath}; a loader still reachable after {@value #MAX_COLLECTIONS}
     * collections, or a library still mapped after {@value #MAX_YIELDS} yields, fails the test.
     */
    static void awaitUnloaded(WeakReference<ClassLoader> loader, String libraryPath) throws IOException {
        for (int collections = 0; loader.get() != null; collections++) {
            assertThat(collections).as("full collections until the plugin's loader is unreachable")
                    .isLessThan(MAX_COLLECTIONS);
            System.gc();
        }
        for (int yields = 0; mapped(libraryPath); yields++) {
            assertThat(yields).as("yields until the collected loader's library %s is unmapped", libraryPath)
                    .isLessThan(MAX_YIELDS);
            Thread.yield();
        }
    }

    /** Whether {@code /proc/self/maps} mentions {@code path}. */
    static boolean mapped(String path) throws IOException {
        return Files.readString(Path.of("/proc/self/maps"), StandardCharsets.UTF_8).contains(path);
    }
}

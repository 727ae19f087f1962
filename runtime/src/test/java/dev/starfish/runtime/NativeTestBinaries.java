package dev.starfish.runtime;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds what {@code make -C starfish-bin all} builds for the tests: the exec shim, the test tools,
 * the deep-bind shim and the test libraries. A missing one fails the test with a message saying how
 * to build it; tests never skip silently.
 */
public final class NativeTestBinaries {

    private NativeTestBinaries() {
    }

    /** {@code starfish.test.bin} (set by surefire) or {@code ../starfish-bin/target}. */
    public static Path binDir() {
        String property = System.getProperty("starfish.test.bin");
        Path dir = property != null && !property.isBlank() ? Path.of(property) : Path.of("../starfish-bin/target");
        return dir.toAbsolutePath().normalize();
    }

    /** The exec shim, {@code starfish-exec}. */
    public static Path shim() {
        return executable("dist/libexec/starfish-exec");
    }

    /** A tool of {@code starfish-bin/testtools}, e.g. {@code busy-loop}. */
    public static Path testTool(String name) {
        return executable("testtools/" + name);
    }

    /** The {@code LD_PRELOAD} shim that loads plugin libraries with {@code RTLD_DEEPBIND}. */
    public static Path deepBindShim() {
        return file("dist/lib/native/libstarfish-deepbind.so");
    }

    /** A built file under {@link #binDir()}, e.g. {@code testlibs/v1/libsame.so}. */
    public static Path file(String relative) {
        Path path = binDir().resolve(relative);
        if (!Files.isRegularFile(path)) {
            throw missing(path, "nothing");
        }
        return path;
    }

    private static Path executable(String relative) {
        Path path = file(relative);
        if (!Files.isExecutable(path)) {
            throw missing(path, "a non-executable file");
        }
        return path;
    }

    private static IllegalStateException missing(Path path, String found) {
        return new IllegalStateException("expected the test binary " + path + " but found " + found
                + "; build it with: make -C starfish-bin all (the Maven build does this)");
    }
}

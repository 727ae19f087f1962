package dev.starfish.runtime.nativelib;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the native test fixtures built by {@code starfish-bin}; a missing one fails the test, never skips it. */
final class TestBinaries {

    private TestBinaries() {
    }

    static Path binTarget() {
        return Path.of(System.getProperty("starfish.test.bin", "../starfish-bin/target")).toAbsolutePath().normalize();
    }

    static Path require(String relative) {
        Path path = binTarget().resolve(relative);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("missing native test fixture " + path
                    + ": build it with `make -C starfish-bin all` (the Maven build does this)");
        }
        return path;
    }

    static Path deepBindShim() {
        return require("dist/lib/native/libstarfish-deepbind.so");
    }
}

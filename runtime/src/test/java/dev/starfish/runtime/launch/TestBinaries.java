package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the binaries built by {@code make -C starfish-bin all}: the shim, the test tools and the
 * benchmark loop. A missing binary fails the test with a message saying how to build it; tests
 * never skip silently.
 */
final class TestBinaries {

    private TestBinaries() {
    }

    /** {@code starfish.test.bin} (set by surefire) or {@code ../starfish-bin/target}. */
    static Path binDir() {
        String property = System.getProperty("starfish.test.bin");
        Path dir = property != null && !property.isBlank() ? Path.of(property) : Path.of("../starfish-bin/target");
        return dir.toAbsolutePath().normalize();
    }

    static Path shim() {
        return require(binDir().resolve("dist/libexec/starfish-exec"));
    }

    static Path testTool(String name) {
        return require(binDir().resolve("testtools").resolve(name));
    }

    static Path bench(String name) {
        return require(binDir().resolve("bench").resolve(name));
    }

    private static Path require(Path binary) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            fail("expected the executable " + binary + " but found " + (Files.exists(binary) ? "a non-executable file"
                    : "nothing") + "; build it with: make -C starfish-bin/shim OUT=$PWD/starfish-bin/target all"
                    + " (or make -C starfish-bin all)");
        }
        return binary;
    }
}

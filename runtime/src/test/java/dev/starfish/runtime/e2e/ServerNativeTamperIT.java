package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JNI library a warm server loaded, overwritten in place in the native cache (same size, so the
 * one-shot driver's size check alone would not see it): the JVM's mapping of it now holds the new
 * bytes, so the server must not call into it again. The next command notices the change, says so
 * and loads the plugins afresh into a directory of their own; the compile succeeds. (It used to
 * crash the server: SIGSEGV in the library, exit 134.)
 */
class ServerNativeTamperIT {

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    @AfterEach
    void stopServer() {
        shipped.run(cwd, server(), "server", "stop");
    }

    @Test
    void aLoadedLibraryOverwrittenInPlaceMakesTheNextCommandLoadThePluginsAfresh() throws IOException {
        Path model = Files.copy(shipped.example("mlp.hlo"), cwd.resolve("m.hlo"));
        AssembledDistribution.Run first = shipped.run(cwd, server(), "compile", model.toString(), "--no-cache",
                "--workdir", "w1");
        assertThat(first.exitCode()).as("%s", first).isZero();
        List<Path> libraries = extractedLibraries();
        assertThat(libraries).as("the compile loaded JNI libraries from the native cache").isNotEmpty();
        for (Path library : libraries) {
            overwriteInPlaceWithZeros(library);
        }

        AssembledDistribution.Run second = shipped.run(cwd, server(), "compile", model.toString(), "--no-cache",
                "--workdir", "w2");

        assertThat(second.exitCode()).as("%s", second).isZero();
        assertThat(second.stderr()).containsPattern("WARN .*Cached native file " + cwd.resolve(".cache")
                + "\\S*\\.so changed on disk since this server loaded it; loading the plugins afresh");
        assertThat(cwd.resolve("m.neff")).isNotEmptyFile();
        AssembledDistribution.Run third = shipped.run(cwd, server(), "compile", model.toString(), "--no-cache",
                "--workdir", "w3");
        assertThat(third.exitCode()).as("%s", third).isZero();
        assertThat(third.stderr()).as("the fresh host is used as it is").doesNotContain("changed on disk");
    }

    private List<Path> extractedLibraries() throws IOException {
        try (Stream<Path> files = Files.walk(cwd.resolve(".cache"))) {
            return files.filter(p -> p.toString().endsWith(".so") && Files.isRegularFile(p)).toList();
        }
    }

    /** Same inode, same size: the bytes the JVM mapped change under it. */
    private static void overwriteInPlaceWithZeros(Path library) throws IOException {
        long size = Files.size(library);
        try (FileChannel channel = FileChannel.open(library, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate((int) size), 0);
        }
    }

    private Map<String, String> server() {
        return Map.of("STARFISH_SERVER", "on", "XDG_RUNTIME_DIR", runtimeDir.toString(), "STARFISH_SERVER_IDLE_MINUTES", "");
    }
}

package dev.starfish.runtime.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a tool can be shown to read: its {@code #!} interpreter, its libraries found through its run path. */
class ToolReadsTest {

    @TempDir
    Path tmp;

    private static void gcc(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("gcc"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
        assertThat(process.waitFor()).as("gcc %s", command).isZero();
    }

    @Test
    void anElfToolReadsTheLibrariesItsRunPathFindsButNoSystemLibrary() throws Exception {
        Path lib = Files.createDirectories(tmp.resolve("install/lib"));
        Path bin = Files.createDirectories(tmp.resolve("install/bin"));
        Files.writeString(lib.resolve("probe.c"), "int probe(void) { return 7; }\n");
        Files.writeString(bin.resolve("tool.c"), "int probe(void);\nint main(void) { return probe() - 7; }\n");
        gcc(lib, "-shared", "-fPIC", "-o", "libprobe.so", "probe.c");
        gcc(bin, "-o", "tool", "tool.c", "-L" + lib, "-lprobe", "-Wl,-rpath,$ORIGIN/../lib");

        assertThat(ToolReads.of(bin.resolve("tool"))).as("libprobe through $ORIGIN; libc is the system's")
                .containsExactly(lib.resolve("libprobe.so"));
    }

    @Test
    void aScriptReadsTheInterpreterOfItsShebangLine() throws IOException {
        Path script = Files.writeString(tmp.resolve("tool"), "#!/bin/sh -e\nexit 0\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(ToolReads.of(script)).startsWith(Path.of("/bin/sh"));
    }

    @Test
    void aFileThatIsNeitherAScriptNorElfReadsNothing() throws IOException {
        assertThat(ToolReads.of(Files.writeString(tmp.resolve("data"), "x"))).isEmpty();
    }
}

package dev.starfish.it;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * An impostor for a cached JNI library: a real shared object, padded with zeros to the size of
 * the library it replaces, whose ELF constructor appends a line to {@code /tmp/planted-loaded.<uid>}
 * in whatever process loads it. So "never loaded" is a file that does not exist, and a test can
 * first prove the marker appears when the impostor is loaded ({@code LD_PRELOAD}). Built by the
 * host's C compiler ({@code cc}, which the build needs anyway) for the same Debian as the image.
 */
final class PlantedLibrary {

    private static final String MARKER_PREFIX = "/tmp/planted-loaded.";

    private static final String SOURCE = """
            /* Planted by the container suite: records every process that loads it. */
            #include <fcntl.h>
            #include <stdio.h>
            #include <unistd.h>

            __attribute__((constructor)) static void planted_library_loaded(void) {
                char path[64];
                snprintf(path, sizeof path, "%s%u", "MARKER_PREFIX", (unsigned) getuid());
                int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
                if (fd >= 0) {
                    dprintf(fd, "loaded by pid %d\\n", (int) getpid());
                    close(fd);
                }
            }
            """.replace("MARKER_PREFIX", MARKER_PREFIX);

    private PlantedLibrary() {
    }

    /** The file a process of {@code uid} creates by loading the impostor. */
    static String marker(String uid) {
        return MARKER_PREFIX + uid;
    }

    /** Compiles the impostor in {@code scratch} and returns it padded to exactly {@code size} bytes. */
    static byte[] build(Path scratch, int size) {
        try {
            Path source = Files.writeString(scratch.resolve("planted.c"), SOURCE);
            Path library = scratch.resolve("planted.so");
            Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-O2", "-o", library.toString(), source.toString())
                    .redirectErrorStream(true).start();
            String diagnostics = new String(cc.getInputStream().readAllBytes(), UTF_8);
            if (cc.waitFor() != 0) {
                throw new IllegalStateException("cc could not build the planted library:\n" + diagnostics);
            }
            byte[] built = Files.readAllBytes(library);
            if (built.length > size) {
                throw new IllegalStateException("the planted library has " + built.length + " bytes, more than the "
                        + size + " of the library it must impersonate");
            }
            return Arrays.copyOf(built, size);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run cc (the host's C compiler) to build the planted library", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while building the planted library", e);
        }
    }
}

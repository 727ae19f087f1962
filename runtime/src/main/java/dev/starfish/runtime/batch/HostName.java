package dev.starfish.runtime.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This machine's name as the kernel knows it (no name service: a container may have none). */
final class HostName {

    private HostName() {
    }

    static String local() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException e) {
            String env = System.getenv("HOSTNAME");
            return env != null ? env : "localhost";
        }
    }
}

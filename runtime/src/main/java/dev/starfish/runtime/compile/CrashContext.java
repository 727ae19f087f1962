package dev.starfish.runtime.compile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;

/**
 * Tells {@code bin/starfish} where a compile works, so that when native code crashes the JVM the
 * script can move the JVM's crash report into the work directory. The script names the file
 * with the system property {@value #PROPERTY}; without it (tests, embedding) nothing is written.
 */
final class CrashContext {

    static final String PROPERTY = "starfish.crash.context";

    private CrashContext() {
    }

    static void record(Path workDir) {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isBlank()) {
            return;
        }
        try {
            Files.writeString(Path.of(file), "workdir=" + workDir.toAbsolutePath() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            LogManager.getLogger(CrashContext.class).debug("cannot record the crash context in {}: {}", file,
                    e.getMessage());
        }
    }
}

package dev.starfish.runtime.compile;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.ThreadContext;

/**
 * Tells {@code bin/starfish} (or the resident server's client) where a compile works, so that
 * when native code crashes the JVM the crash report can be moved into the work directory. The
 * script names the file with the system property {@value #PROPERTY}; the server names one file
 * per command in the command's log context under {@link #KEY}, which wins; without either
 * (tests, embedding) nothing is written.
 */
public final class CrashContext {

    static final String PROPERTY = "starfish.crash.context";
    /** The log context key naming the command's own crash context file. */
    public static final String KEY = "starfish.crash.context";

    private CrashContext() {
    }

    static void record(Path workDir) {
        String file = ThreadContext.get(KEY);
        if (file == null) {
            file = System.getProperty(PROPERTY);
        }
        if (file == null || file.isBlank()) {
            return;
        }
        try {
            InPlaceContent.replace(Path.of(file), "workdir=" + workDir.toAbsolutePath() + "\n");
        } catch (IOException e) {
            LogManager.getLogger(CrashContext.class).debug("cannot record the crash context in {}: {}", file,
                    e.getMessage());
        }
    }
}

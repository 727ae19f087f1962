package dev.starfish.runtime.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the stack trace of an unexpected error goes, so that none ever reaches the console: a
 * new private file ({@code starfish-crash-*.txt}, mode 0600, unpredictable name) in the
 * temporary directory, named in the console's one line.
 */
final class CrashReportFile {

    private CrashReportFile() {
    }

    /** Writes the trace and returns the file, or empty when even that fails. */
    static Optional<Path> write(Throwable error) {
        StringWriter trace = new StringWriter();
        try (PrintWriter out = new PrintWriter(trace)) {
            out.println("starfish " + VersionProvider.version() + ", Java " + System.getProperty("java.version"));
            error.printStackTrace(out);
        }
        try {
            Path file = Files.createTempFile("starfish-crash-", ".txt");
            Files.writeString(file, trace.toString(), StandardCharsets.UTF_8);
            return Optional.of(file);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The console's wording: {@code stack trace in /tmp/starfish-crash-1.txt}. */
    static String where(Throwable error) {
        return write(error).map(f -> "stack trace in " + f).orElse("the stack trace could not be saved");
    }
}

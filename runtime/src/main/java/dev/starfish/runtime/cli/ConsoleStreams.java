package dev.starfish.runtime.cli;

import dev.starfish.runtime.log.EscapingOutputStream;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The one place every console line goes through: {@link #escapeStandardStreams} replaces
 * {@code System.out} (the user's stdout, {@link UserStdout}) and {@code System.err} with streams
 * that show control characters as text
 * ({@link EscapingOutputStream}), before Picocli, a logger or a command writes a byte. Only the
 * terminal progress display, which moves the cursor, writes to {@link #rawStdout} (and escapes the
 * names it shows itself).
 */
final class ConsoleStreams {

    private ConsoleStreams() {
    }

    /** Called once by {@code main}; tests that call {@link StarfishCli#run} keep their own streams. */
    static void escapeStandardStreams() {
        Charset charset = consoleCharset();
        System.setOut(escaping(UserStdout.descriptor(), charset));
        System.setErr(escaping(FileDescriptor.err, charset));
    }

    /** Stdout without the escaping, for the progress display's own cursor moves. */
    static PrintWriter rawStdout() {
        return new PrintWriter(new OutputStreamWriter(new FileOutputStream(UserStdout.descriptor()), consoleCharset()));
    }

    private static PrintStream escaping(FileDescriptor fd, Charset charset) {
        return new PrintStream(new EscapingOutputStream(new BufferedOutputStream(new FileOutputStream(fd), 8192)),
                true, charset);
    }

    private static Charset consoleCharset() {
        String encoding = System.getProperty("sun.stdout.encoding");
        return encoding != null && Charset.isSupported(encoding) ? Charset.forName(encoding) : Charset.defaultCharset();
    }
}

package dev.starfish.runtime.cli;

import dev.starfish.runtime.log.EscapingOutputStream;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The one place every console line goes through: a command's stdout and stderr
 * ({@link #escaping}) show control characters as text ({@link EscapingOutputStream}) before
 * Picocli, a logger or a command writes a byte to the caller's streams. Only the terminal progress
 * display, which moves the cursor, writes to the caller's stdout itself ({@link #raw}) and escapes
 * the names it shows itself. For the one-shot process, {@link #escapeStandardStreams} does the same
 * to {@code System.out} (the user's stdout, {@link UserStdout}) and {@code System.err}, for code
 * that writes there without a command (Log4j core's console appender, an uncaught error).
 */
final class ConsoleStreams {

    private ConsoleStreams() {
    }

    /** Called once by {@code main}, before any logger or command writes. */
    static void escapeStandardStreams() {
        System.setOut(escaping(processStdout()));
        System.setErr(escaping(processStderr()));
    }

    /** The process's stdout as the user gave it, unescaped and buffered. */
    static PrintStream processStdout() {
        return raw(new FileOutputStream(UserStdout.descriptor()));
    }

    /** The process's stderr, unescaped and buffered. */
    static PrintStream processStderr() {
        return raw(new FileOutputStream(FileDescriptor.err));
    }

    private static PrintStream raw(OutputStream fd) {
        return new PrintStream(new BufferedOutputStream(fd, 8192), true, consoleCharset());
    }

    /** {@code raw} (a caller's stream, as is) with every control character shown as text. */
    static PrintStream escaping(PrintStream raw) {
        return new PrintStream(new EscapingOutputStream(raw), true, consoleCharset());
    }

    /** Stdout without the escaping, for the progress display's own cursor moves. */
    static PrintWriter rawStdout(PrintStream raw) {
        return new PrintWriter(new OutputStreamWriter(raw, consoleCharset()));
    }

    static Charset consoleCharset() {
        String encoding = System.getProperty("sun.stdout.encoding");
        return encoding != null && Charset.isSupported(encoding) ? Charset.forName(encoding) : Charset.defaultCharset();
    }
}

package dev.starfish.runtime.cli;

import dev.starfish.runtime.invocation.Invocation;
import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * One command's console: the invocation's stdout and stderr with control characters shown as text
 * ({@link ConsoleStreams#escaping}), as streams (the logging's console) and as the writers Picocli
 * and the commands print with, and the unescaped stdout the terminal progress display draws on.
 */
record CommandStreams(PrintStream outStream, PrintStream errStream, PrintWriter out, PrintWriter err,
        PrintStream rawOut) {

    static CommandStreams of(Invocation invocation) {
        PrintStream out = ConsoleStreams.escaping(invocation.out());
        PrintStream err = ConsoleStreams.escaping(invocation.err());
        return new CommandStreams(out, err, new PrintWriter(out, true), new PrintWriter(err, true), invocation.out());
    }

    /** The progress display's own writer on the caller's stdout (it escapes the names it shows). */
    PrintWriter rawStdout() {
        return ConsoleStreams.rawStdout(rawOut);
    }

    void flush() {
        out.flush();
        err.flush();
        outStream.flush();
        errStream.flush();
        rawOut.flush();
    }
}

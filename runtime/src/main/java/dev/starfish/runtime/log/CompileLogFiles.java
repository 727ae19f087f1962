package dev.starfish.runtime.log;

import dev.starfish.runtime.log.ConsoleRoutes;
import dev.starfish.runtime.log.LogFileSink;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The compile log files one driver writes (a compile's {@code logfile}, one per model of a batch),
 * as the shipped configuration's routing appender did: a file is emptied when this process first
 * writes to it and appended to afterwards; every line is written at once (a crash loses none); at
 * most {@value #OPEN_AT_MOST} stay open, the least recently written closed first, so a batch of
 * thousands of models holds a few descriptors. A file that cannot be written is reported once on
 * stderr and then left alone; the compile goes on. A compile's own log is written through the
 * handle the compile locked ({@link #attach}), never reopened by its name: a link swapped in for
 * the name after the lock cannot redirect a line. A name nobody attached is opened without
 * following a link. Thread-safe.
 */
public final class CompileLogFiles {

    public static final int OPEN_AT_MOST = 16;

    private final Map<String, OutputStream> open = new LinkedHashMap<>(OPEN_AT_MOST, 0.75f, true);
    private final Map<String, FileChannel> attached = new HashMap<>();
    private final Set<String> written = new HashSet<>();
    private final Set<String> failed = new HashSet<>();
    private final PrintStream warnings;

    public CompileLogFiles(PrintStream warnings) {
        this.warnings = warnings;
    }

    /** Writes {@code name}'s lines through {@code channel} until the registration is closed. */
    public synchronized LogFileSink.Registration attach(String name, FileChannel channel) {
        closeQuietly(open.remove(name));
        failed.remove(name);
        attached.put(name, channel);
        return () -> detach(name, channel);
    }

    /** Lines logged for a detached name after its compile ended are dropped: the name is never opened. */
    private synchronized void detach(String name, FileChannel channel) {
        if (attached.remove(name, channel)) {
            failed.add(name);
        }
    }

    public synchronized void write(String file, String text) {
        if (failed.contains(file)) {
            return;
        }
        try {
            FileChannel channel = attached.get(file);
            if (channel != null) {
                ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                return;
            }
            OutputStream out = open.get(file);
            if (out == null) {
                OpenOption mode = written.add(file) ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND;
                out = Files.newOutputStream(Path.of(file), StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode,
                        LinkOption.NOFOLLOW_LINKS);
                open.put(file, out);
                closeBeyondLimit();
            }
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException | InvalidPathException e) {
            failed.add(file);
            closeQuietly(open.remove(file));
            ConsoleRoutes.Route route = ConsoleRoutes.process().current();
            (route != null ? route.err() : warnings).println("starfish: warning: cannot write the log file " + file + ": " + e.getMessage()
                    + "; the compile goes on without it");
        }
    }

    /** How many files are open now (for tests). */
    public synchronized int openFiles() {
        return open.size();
    }

    private void closeBeyondLimit() {
        Iterator<OutputStream> eldest = open.values().iterator();
        while (open.size() > OPEN_AT_MOST && eldest.hasNext()) {
            closeQuietly(eldest.next());
            eldest.remove();
        }
    }

    private static void closeQuietly(OutputStream out) {
        if (out == null) {
            return;
        }
        try {
            out.close();
        } catch (IOException e) {
            // every line was written when it was logged; nothing is lost by a failed close
        }
    }
}

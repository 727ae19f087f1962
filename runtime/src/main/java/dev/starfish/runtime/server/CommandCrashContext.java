package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.compile.InPlaceContent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One command's crash context, next to the server's socket: {@code <inst>-<build>.client-<pid>}
 * holds {@code cwd=} (the command's working directory) until a compile replaces it with its
 * {@code workdir=}. Should native code crash the server, the clients read it to move the JVM's
 * crash report where the crashing command's user looks (docs/server.md, "Crashes"). The socket's
 * directory is the user's own (0700), so the file needs no protection of its own.
 *
 * @param file the context file
 */
record CommandCrashContext(Path file) {

    CommandCrashContext {
        requireNonNull(file, "file is null");
    }

    /** The context of the client with {@code pid} of the server listening on {@code socket}. */
    static CommandCrashContext of(Path socket, long pid) {
        String name = socket.getFileName().toString();
        String base = name.endsWith(".sock") ? name.substring(0, name.length() - ".sock".length()) : name;
        return new CommandCrashContext(socket.resolveSibling(base + ".client-" + pid));
    }

    /** Writes the command's working directory; a failure only costs the report's move after a crash. */
    void open(Path workingDirectory) {
        try {
            InPlaceContent.replace(file, "cwd=" + workingDirectory + "\n");
        } catch (IOException e) {
            // the crash report then stays next to the socket, where the clients' line names it
        }
    }

    void remove() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a stale context is harmless: the next server of this build removes it
        }
    }
}

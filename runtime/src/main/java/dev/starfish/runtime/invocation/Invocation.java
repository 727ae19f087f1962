package dev.starfish.runtime.invocation;

import static java.util.Objects.requireNonNull;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * One run of a command and everything it reads from its surroundings, given by its caller rather
 * than read from the process: the working directory relative paths resolve against, the
 * environment (tools inherit it; {@code STARFISH_CACHE_DIR}, {@code COLUMNS}, {@code NO_COLOR} ...
 * are read from it), the standard streams, which of them are terminals, how the caller stops
 * it, and the umask the files it hands its user are made under. The one-shot process makes one from {@code System} in {@code main}; the server makes one per
 * request from what its client sent.
 */
public record Invocation(Path workingDirectory, Map<String, String> environment, InputStream in, PrintStream out,
        PrintStream err, Terminal terminal, Cancellation cancellation, Umask umask) {

    public Invocation {
        requireNonNull(workingDirectory, "workingDirectory is null");
        if (!workingDirectory.isAbsolute()) {
            throw new IllegalArgumentException("the working directory is not absolute: " + workingDirectory);
        }
        environment = Map.copyOf(requireNonNull(environment, "environment is null"));
        requireNonNull(in, "in is null");
        requireNonNull(out, "out is null");
        requireNonNull(err, "err is null");
        requireNonNull(terminal, "terminal is null");
        requireNonNull(cancellation, "cancellation is null");
        requireNonNull(umask, "umask is null");
    }

    /** {@code path} resolved against the working directory, normalized. */
    public Path resolve(Path path) {
        return workingDirectory.resolve(path).normalize();
    }

    /** The environment variable {@code name}, or {@code null}. */
    public String env(String name) {
        return environment.get(name);
    }
}

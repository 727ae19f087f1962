package dev.starfish.runtime.cli;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.invocation.Invocation;
import java.nio.file.Path;

/**
 * A path the user typed: {@link #resolved} against the invocation's working directory (never the
 * JVM's) for every file operation, and {@link #show shown} as typed, so a message names it as the
 * user wrote it whoever runs the command (the one-shot process or a server).
 */
record UserPath(Path typed, Path resolved) {

    static UserPath of(Invocation invocation, Path typed) {
        return new UserPath(typed, invocation.workingDirectory().resolve(typed));
    }

    /** {@code path} (the resolved path or one under it) as the user would write it. */
    String show(Path path) {
        if (typed.isAbsolute() || !path.startsWith(resolved)) {
            return path.toString();
        }
        return typed.resolve(resolved.relativize(path)).toString();
    }

    /** {@code text} with the resolved path written as typed. */
    String showIn(String text) {
        return typed.isAbsolute() || text == null ? text : text.replace(resolved.toString(), typed.toString());
    }

    /** {@code e} again, its message naming the path as typed. */
    InvalidInputException shownIn(InvalidInputException e) {
        return new InvalidInputException(showIn(e.getMessage()), e);
    }
}

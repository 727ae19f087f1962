package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.invocation.Terminal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a client asked for, as decoded from its request.
 *
 * @param umask the client's file mode creation mask, e.g. {@code 0022}
 * @param clientPid the client's process id: the command's threads carry it, so a crash report names the command
 */
record ClientRequest(Path workingDirectory, List<String> args, Map<String, String> environment, Terminal terminal,
        int umask, long clientPid) {

    ClientRequest {
        requireNonNull(workingDirectory, "workingDirectory is null");
        args = List.copyOf(args);
        environment = Map.copyOf(environment);
        requireNonNull(terminal, "terminal is null");
        if ((umask & ~0777) != 0 || clientPid <= 0) {
            throw new IllegalArgumentException("umask " + Integer.toOctalString(umask) + " or pid " + clientPid);
        }
    }

    /** The subcommand as the log names it: the first argument that is not an option, or {@code -}. */
    String subcommand() {
        return args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse(args.isEmpty() ? "-" : args.get(0));
    }
}

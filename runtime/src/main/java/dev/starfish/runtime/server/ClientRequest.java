package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.invocation.Terminal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What a client asked for: its arguments, directory, environment and terminal, as decoded from its request. */
record ClientRequest(Path workingDirectory, List<String> args, Map<String, String> environment, Terminal terminal) {

    ClientRequest {
        requireNonNull(workingDirectory, "workingDirectory is null");
        args = List.copyOf(args);
        environment = Map.copyOf(environment);
        requireNonNull(terminal, "terminal is null");
    }

    /** The subcommand as the log names it: the first argument that is not an option, or {@code -}. */
    String subcommand() {
        return args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse(args.isEmpty() ? "-" : args.get(0));
    }
}

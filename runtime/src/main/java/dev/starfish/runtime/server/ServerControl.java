package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * {@code starfish server status [--json]} and {@code starfish server stop}, answered by the server
 * itself from its own state (the client answers them when no server runs, without starting one).
 */
final class ServerControl {

    private final ServerState state;

    ServerControl(ServerState state) {
        this.state = requireNonNull(state, "state is null");
    }

    /**
     * Whether {@code args} is {@code server status} or {@code server stop}, which this class answers
     * instead of the CLI; the CLI's {@code server} command answers help and mistakes.
     */
    static boolean handles(List<String> args) {
        return args.size() >= 2 && args.get(0).equals("server") && (args.get(1).equals("status")
                || args.get(1).equals("stop")) && args.subList(2, args.size()).stream().noneMatch(ServerControl::helpOption);
    }

    private static boolean helpOption(String arg) {
        return arg.equals("--help") || arg.equals("-h");
    }

    /** Answers {@code args} (a {@code server} command) and returns its exit code. */
    int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> rest = args.subList(1, args.size());
        if (rest.isEmpty()) {
            err.println("starfish: error: 'server' needs a subcommand: status (what the server does) or stop"
                    + " (end it once no command runs)");
            return 2;
        }
        String command = rest.get(0);
        List<String> options = rest.subList(1, rest.size());
        switch (command) {
            case "status" -> {
                if (!options.isEmpty() && !options.equals(List.of("--json"))) {
                    return usage(err, "server status takes only --json, not " + String.join(" ", options));
                }
                Map<String, Object> status = state.status();
                out.println(options.isEmpty() ? describe(status) : json(status));
                return 0;
            }
            case "stop" -> {
                if (!options.isEmpty()) {
                    return usage(err, "server stop takes no options, not " + String.join(" ", options));
                }
                state.stopWhenIdle();
                out.println("starfish: the server (pid " + ProcessHandle.current().pid()
                        + ") exits as soon as no command runs in it");
                return 0;
            }
            case "--help", "-h", "help" -> {
                out.println("Usage: starfish server status [--json] | starfish server stop");
                out.println("The resident server of this installation (docs/server.md): its status, or stop it once");
                out.println("no command runs. STARFISH_SERVER=off or --no-server runs a command without it.");
                return 0;
            }
            default -> {
                return usage(err, "unknown server command '" + command + "' (expected status or stop)");
            }
        }
    }

    private static int usage(PrintStream err, String message) {
        err.println("starfish: error: " + message);
        return 2;
    }

    static String describe(Map<String, Object> status) {
        long served = ((Number) status.get("requestsServed")).longValue();
        return "starfish server: pid " + status.get("pid") + ", build " + status.get("build") + ", up "
                + status.get("uptimeSeconds") + " s, " + served + (served == 1 ? " command" : " commands") + " served, "
                + status.get("requestsRunning") + " running, heap " + ((Long) status.get("heapUsedBytes") >> 20)
                + " of " + ((Long) status.get("heapMaxBytes") >> 20) + " MB, socket " + status.get("socket");
    }

    static String json(Map<String, Object> status) {
        try {
            return new ObjectMapper().writeValueAsString(status);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the status cannot be written as JSON", e);
        }
    }
}

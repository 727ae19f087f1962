package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The payload of a spawn server's {@code N} frame (format: starfish-bin/shim/src/protocol.h):
 * NUL-terminated fields cwd, CPU limit, timeout and grace in ms, stderr merged, argv, and the
 * tool's whole environment (the caller's, {@link ToolEnvironment}, minus the command's removals, plus its overrides, as a
 * {@link ProcessBuilder} would pass it).
 */
final class SpawnRequest {

    private SpawnRequest() {
    }

    static byte[] encode(Command command, Duration grace, ToolEnvironment inherited) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(2048);
        field(out, command.workingDir().toAbsolutePath().toString());
        field(out, Integer.toString(command.cpuLimitSeconds()));
        field(out, Long.toString(command.timeout().toMillis()));
        field(out, Long.toString(grace.toMillis()));
        field(out, command.exposeStderr() ? "1" : "0");
        List<String> argv = command.executedArgv();
        field(out, Integer.toString(argv.size()));
        argv.forEach(word -> field(out, word));
        if (command.envOverrides().isEmpty() && command.envRemovals().isEmpty()) {
            out.writeBytes(inherited.fields());
        } else {
            out.writeBytes(fields(environment(command, inherited)));
        }
        return out.toByteArray();
    }

    /** The environment's count and {@code NAME=value} words. */
    static byte[] fields(Map<String, String> environment) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        field(out, Integer.toString(environment.size()));
        environment.forEach((name, value) -> field(out, name + "=" + value));
        return out.toByteArray();
    }

    private static Map<String, String> environment(Command command, ToolEnvironment inherited) {
        Map<String, String> environment = new HashMap<>(inherited.variables());
        command.envRemovals().forEach(environment::remove);
        environment.putAll(command.envOverrides());
        return environment;
    }

    private static void field(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
        out.write(0);
    }
}

package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import dev.starfish.api.JobException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What a command needs before the launcher runs it: its job's timeout, its program resolved, a shim to run under. */
final class CommandPreparation {

    private CommandPreparation() {
    }

    /** A command that sets no wall-clock limit gets its job's from {@code timeouts}. */
    static Command withDefaultTimeout(Command command, ToolTimeouts timeouts) {
        if (!command.timeout().isZero()) {
            return command;
        }
        return command.withTimeout(timeouts.forJob(command.job()));
    }

    /** A bare program name is resolved by {@code resolver}; the shim runs absolute paths only. */
    static Command withResolvedProgram(Command command, ToolResolver resolver) {
        String program = command.argv().get(0);
        if (command.useShell() || Path.of(program).isAbsolute()) {
            return command;
        }
        List<String> argv = new ArrayList<>(command.argv());
        argv.set(0, resolver.resolve(program).toString());
        return command.withArgv(argv);
    }

    static void requireShim(Path shim) {
        if (!Files.isRegularFile(shim) || !Files.isExecutable(shim)) {
            throw new JobException("The process shim starfish-exec was not found at " + shim + " (expected an"
                    + " executable file there; "
                    + (Files.exists(shim) ? "found a file that is not an executable regular file" : "found nothing")
                    + "). Install the distribution completely or build it with 'make -C starfish-bin all'.");
        }
    }

    /** The tool's file name as log lines show it; {@code bash} for a shell command. */
    static String toolName(Command command) {
        List<String> argv = command.argv();
        if (command.useShell()) {
            return "bash";
        }
        Path file = Path.of(argv.get(0)).getFileName();
        return file == null ? argv.get(0) : file.toString();
    }
}

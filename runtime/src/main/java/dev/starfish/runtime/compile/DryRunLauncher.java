package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Command;
import dev.starfish.api.ExitStatus;
import dev.starfish.api.Launcher;
import dev.starfish.api.ProcessResult;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/**
 * The launcher of a {@code -###} run, as in clang: resolves tools for real (so a missing
 * tool still fails) but prints each command in replay form instead of running it.
 */
final class DryRunLauncher implements Launcher {

    private final Launcher resolver;
    private final PrintWriter out;

    DryRunLauncher(Launcher resolver, PrintWriter out) {
        this.resolver = requireNonNull(resolver, "resolver is null");
        this.out = requireNonNull(out, "out is null");
    }

    @Override
    public java.nio.file.Path resolve(String toolName) {
        return resolver.resolve(toolName);
    }

    @Override
    public ProcessResult run(Command command) {
        synchronized (out) {
            out.println(command.toShellLine());
            out.flush();
        }
        return new ProcessResult(command, ExitStatus.exited(0), List.of(), List.of(), List.of(), 0, Duration.ZERO,
                0, 0, 0, false, false, "", null);
    }
}

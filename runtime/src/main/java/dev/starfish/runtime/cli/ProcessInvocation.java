package dev.starfish.runtime.cli;

import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.invocation.Terminal;
import dev.starfish.runtime.invocation.Umask;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import sun.misc.Signal;

/**
 * The one-shot process as an {@link Invocation}: the only place that reads the process's
 * surroundings for a command (its standard streams, environment, working directory and terminal).
 * {@code bin/starfish} gives the JVM the user's stdout on another descriptor than 1
 * ({@link UserStdout}), so it tells whether that is a terminal in {@value #TTY_PROPERTY}.
 */
public final class ProcessInvocation {

    static final String TTY_PROPERTY = "starfish.stdout.tty";

    private static final Map<String, Integer> SIGNALS = Map.of("INT", 2, "TERM", 15, "HUP", 1);

    private ProcessInvocation() {
    }

    /**
     * The process's invocation: the user's stdout and stderr as they are (a command escapes what it
     * writes itself), {@code System.in}, {@code System.getenv()}, {@code user.dir} and the terminal
     * facts. Also points {@code System.out} and {@code System.err} at escaping streams over the same
     * descriptors, for what writes there without a command.
     */
    public static Invocation current() {
        PrintStream out = ConsoleStreams.processStdout();
        PrintStream err = ConsoleStreams.processStderr();
        System.setOut(ConsoleStreams.escaping(out));
        System.setErr(ConsoleStreams.escaping(err));
        return of(out, err);
    }

    /** The process's invocation writing to {@code System.out} and {@code System.err} as they are now (tests). */
    static Invocation ofSystemStreams() {
        return of(System.out, System.err);
    }

    private static Invocation of(PrintStream out, PrintStream err) {
        boolean console = System.console() != null;
        String tty = System.getProperty(TTY_PROPERTY);
        boolean stdoutIsTerminal = tty != null ? Boolean.parseBoolean(tty) : console;
        return new Invocation(Path.of(System.getProperty("user.dir")).toAbsolutePath(), System.getenv(), System.in, out,
                err, new Terminal(console, stdoutIsTerminal, console, 0), new Cancellation(), Umask.ofThisProcess());
    }

    /**
     * Makes SIGINT, SIGTERM and SIGHUP cancel {@code cancellation} (its actions stop the command's
     * tools, write its report and say so) and then end the JVM with 128 + the signal's number, and
     * any other end of the JVM while a command runs (plugin code calling {@code System.exit} through
     * reflection) cancel it with {@link Cancellation#EXIT}.
     */
    static void cancelOnSignals(Cancellation cancellation) {
        SIGNALS.forEach((name, number) -> {
            try {
                Signal.handle(new Signal(name), signal -> {
                    cancellation.cancel("SIG" + name);
                    System.exit(128 + number);
                });
            } catch (IllegalArgumentException e) {
                // the signal is ignored (nohup) or reserved by the JVM: leave it alone
            }
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> cancellation.cancel(Cancellation.EXIT),
                "starfish-end-guard"));
    }
}

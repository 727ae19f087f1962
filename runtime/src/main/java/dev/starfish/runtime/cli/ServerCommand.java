package dev.starfish.runtime.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code starfish server status|stop}: the resident server of this installation (docs/server.md).
 * The resident server itself answers {@code status} and {@code stop} ({@code server.ServerControl});
 * this command gives them their place in help, completion and the man pages, and answers a JVM of
 * its own (no server, no client) with one line saying so.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
        subcommands = {ServerCommand.Status.class, ServerCommand.Stop.class},
        description = {"Show the resident server of this installation (the warm JVM that serves every command, unless "
                + "STARFISH_SERVER=off), or stop it once no command runs in it.",
                "It starts on first use and exits after server.idle.minutes of conf/starfish.properties without a "
                + "command; --no-server or STARFISH_SERVER=off runs a command in a JVM of its own (docs/server.md)."})
final class ServerCommand implements Callable<Integer> {

    @Mixin
    CommandConsole console;

    @Override
    public Integer call() {
        throw new ParameterException(console.spec().commandLine(), "server needs a subcommand: status (what the "
                + "server does) or stop (end it once no command runs)");
    }

    /** The answer of a JVM that is not the server: status and stop go through bin/starfish's client. */
    private static Integer notHere(CommandSpec spec) {
        throw new ParameterException(spec.commandLine(), "'" + spec.qualifiedName(" ").replaceFirst("^starfish ", "")
                + "' is answered by the resident server through bin/starfish (libexec/starfish-client), and this "
                + "JVM is not one; run it as starfish " + spec.qualifiedName(" ").replaceFirst("^starfish ", ""));
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "The server's pid, build, uptime, commands served and running, heap and socket; "
                    + "\"no server is running\" (exit 0) without starting one.")
    static final class Status implements Callable<Integer> {

        @Option(names = "--json", description = "The status as one JSON object.")
        boolean json;

        @Mixin
        CommandConsole console;

        @Override
        public Integer call() {
            return notHere(console.spec());
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Tell the server to exit as soon as no command runs in it; commands in flight finish.")
    static final class Stop implements Callable<Integer> {

        @Mixin
        CommandConsole console;

        @Override
        public Integer call() {
            return notHere(console.spec());
        }
    }
}

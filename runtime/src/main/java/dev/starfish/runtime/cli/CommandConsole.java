package dev.starfish.runtime.cli;

import dev.starfish.runtime.invocation.Invocation;
import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command's verbosity options and its console, the request's streams, as one mixin. */
final class CommandConsole {

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    @Mixin
    LoggingOptions logging;

    CommandSpec spec() {
        return command;
    }

    /** The request this command serves: its working directory, environment and terminal. */
    Invocation invocation() {
        return StarfishCommand.invocation(command);
    }

    PrintWriter out() {
        return command.commandLine().getOut();
    }

    PrintWriter err() {
        return command.commandLine().getErr();
    }
}

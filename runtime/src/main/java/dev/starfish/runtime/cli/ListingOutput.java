package dev.starfish.runtime.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every listing command shares, as one mixin: the verbosity options, {@code --json}, and the
 * one way to print its rows, as a table or, with {@code --json}, as the JSON {@link JsonOption#render}
 * makes of them.
 */
final class ListingOutput {

    /** How a command prints its table. */
    @FunctionalInterface
    interface Table {
        void print(PrintWriter out) throws IOException;
    }

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    @Mixin
    private JsonOption json;

    @Mixin
    LoggingOptions logging;

    boolean json() {
        return json.enabled;
    }

    /**
     * Prints {@code rows} as JSON under {@code --json}, otherwise what {@code table} prints. Buffered:
     * the command line's writer flushes at every line, a system call per row.
     */
    void print(Object rows, Table table) throws IOException {
        PrintWriter out = new PrintWriter(new BufferedWriter(command.commandLine().getOut(), 1 << 16), false);
        if (json.enabled) {
            out.println(JsonOption.render(rows));
        } else {
            table.print(out);
        }
        out.flush();
    }
}

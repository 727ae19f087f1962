package dev.starfish.runtime.cli;

import picocli.CommandLine.Option;

/** The {@code --json} option of the listing commands, as a mixin. */
final class JsonOption {

    @Option(names = "--json", description = "Print a JSON array instead of a table.")
    boolean enabled;
}

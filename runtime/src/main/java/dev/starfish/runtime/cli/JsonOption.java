package dev.starfish.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import picocli.CommandLine.Option;

/** The {@code --json} option of the listing commands, as a mixin, and the one way they render JSON. */
final class JsonOption {

    @Option(names = "--json", description = "Print a JSON array instead of a table.")
    boolean enabled;

    /** A value as the indented JSON every {@code --json} option prints. */
    static String render(Object value) throws JsonProcessingException {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
    }
}

package dev.starfish.api;

import static java.util.Objects.requireNonNull;

/**
 * One command-line option a job adds to {@code starfish compile}.
 *
 * @param name the long option, starting with {@code --}, e.g. {@code --buffer-bytes}
 * @param paramLabel the value's label in help, e.g. {@code BYTES}; empty for a flag
 * @param description one sentence for {@code --help}
 * @param defaultValue the value when the option is not given; empty for none
 * @param type what the option takes
 */
public record JobOption(String name, String paramLabel, String description, String defaultValue, Type type) {

    /** What an option takes. */
    public enum Type { FLAG, STRING, INTEGER, LIST }

    public JobOption {
        requireNonNull(name, "name is null");
        requireNonNull(paramLabel, "paramLabel is null");
        requireNonNull(description, "description is null");
        requireNonNull(defaultValue, "defaultValue is null");
        requireNonNull(type, "type is null");
        if (!name.matches("--[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("option name must look like --lower-case-words, found '" + name + "'");
        }
        if (type != Type.FLAG && paramLabel.isEmpty()) {
            throw new IllegalArgumentException("option " + name + " takes a value and needs a paramLabel");
        }
    }

    public static JobOption flag(String name, String description) {
        return new JobOption(name, "", description, "", Type.FLAG);
    }

    public static JobOption string(String name, String paramLabel, String description, String defaultValue) {
        return new JobOption(name, paramLabel, description, defaultValue, Type.STRING);
    }

    public static JobOption integer(String name, String paramLabel, String description, long defaultValue) {
        return new JobOption(name, paramLabel, description, Long.toString(defaultValue), Type.INTEGER);
    }

    public static JobOption list(String name, String paramLabel, String description) {
        return new JobOption(name, paramLabel, description, "", Type.LIST);
    }
}

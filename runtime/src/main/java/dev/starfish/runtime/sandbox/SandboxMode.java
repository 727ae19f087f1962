package dev.starfish.runtime.sandbox;

import dev.starfish.api.InvalidInputException;
import java.util.Locale;

/** What {@code launcher.sandbox} asks for. */
public enum SandboxMode {
    /** Sandbox every tool step where the host can; elsewhere run it as before, with one warning per command. */
    AUTO,
    /** Sandbox every tool step; a host that cannot refuses to compile. */
    REQUIRED,
    /** Run tools with every right of the user, as before the sandbox. */
    OFF;

    /**
     * The mode a setting's value names ({@code auto}, {@code required}, {@code off}, any case).
     *
     * @throws InvalidInputException naming the key, the value and {@code source}
     */
    public static SandboxMode parse(String value, String key, String source) {
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(source + ": " + key + " expects auto, required or off, found '" + value
                    + "'");
        }
    }

    /** As written in {@code conf/starfish.properties}: {@code auto}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

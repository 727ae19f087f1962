package dev.starfish.runtime.config;

import java.util.Map;

/**
 * The JVM's own environment, for the library's defaults when no command describes one (tests, the
 * build's tools). A command reads the environment of its {@code Invocation}, never this.
 */
public final class JvmEnvironment {

    private JvmEnvironment() {
    }

    public static Map<String, String> variables() {
        return System.getenv();
    }

    /** Java's {@code user.home} (from the password database): the home when {@code HOME} says none. */
    public static String userHome() {
        return System.getProperty("user.home");
    }
}

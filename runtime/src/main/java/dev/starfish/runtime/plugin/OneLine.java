package dev.starfish.runtime.plugin;

/** A message on one line: line breaks (and the spaces around them) of an exception's text joined by a space. */
public final class OneLine {

    private OneLine() {
    }

    public static String of(String message) {
        return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ");
    }
}

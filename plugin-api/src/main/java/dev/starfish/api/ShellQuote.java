package dev.starfish.api;

import java.util.List;
import java.util.stream.Collectors;

/** Quotes words exactly like Python's {@code shlex.quote}, so a printed command re-runs the same argv. */
public final class ShellQuote {

    private ShellQuote() {
    }

    /** One word: unchanged when it holds only {@code [A-Za-z0-9_@%+=:,./-]}, else single-quoted. */
    public static String quote(String word) {
        if (word.isEmpty()) {
            return "''";
        }
        if (isSafe(word)) {
            return word;
        }
        return "'" + word.replace("'", "'\"'\"'") + "'";
    }

    /** Words joined by single spaces, each quoted. */
    public static String join(List<String> words) {
        return words.stream().map(ShellQuote::quote).collect(Collectors.joining(" "));
    }

    private static boolean isSafe(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "_@%+=:,./-".indexOf(c) >= 0;
            if (!safe) {
                return false;
            }
        }
        return true;
    }
}

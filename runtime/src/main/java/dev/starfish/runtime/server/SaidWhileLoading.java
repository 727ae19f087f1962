package dev.starfish.runtime.server;

import dev.starfish.runtime.log.ConsoleRoutes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Level;

/**
 * The console lines a host's loading logged, kept to be said again to each command the host is
 * lent to: captured at every level, replayed from the receiving command's own level.
 */
final class SaidWhileLoading {

    private record Line(Level level, String text) {
    }

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private List<Line> lines;

    /** Routes the calling thread's console lines here until the registration is closed. */
    ConsoleRoutes.Registration capture() {
        return ConsoleRoutes.process().open(new ConsoleRoutes.Route(
                new PrintStream(bytes, true, StandardCharsets.UTF_8), Level.ALL));
    }

    /** Says the captured lines on the calling thread's command's console, from its level up. */
    void replay() {
        ConsoleRoutes.Route route = ConsoleRoutes.process().current();
        if (route == null) {
            return;
        }
        for (Line line : lines()) {
            if (line.level().isMoreSpecificThan(route.level())) {
                route.err().println(line.text());
            }
        }
    }

    private synchronized List<Line> lines() {
        if (lines == null) {
            lines = new ArrayList<>();
            for (String text : bytes.toString(StandardCharsets.UTF_8).split("\n")) {
                if (!text.isEmpty()) {
                    // each console line starts with its level's name, padded to five characters
                    String name = text.length() >= 5 ? text.substring(0, 5).strip() : text.strip();
                    lines.add(new Line(Level.toLevel(name, Level.WARN), text));
                }
            }
        }
        return lines;
    }
}

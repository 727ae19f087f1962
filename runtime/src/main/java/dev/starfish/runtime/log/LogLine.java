package dev.starfish.runtime.log;

import dev.starfish.runtime.log.ConsoleText;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.ThreadContext;

/**
 * The two line formats of {@code conf/log4j2.properties}, written without Log4j core: the console's
 * {@code %-5level %notEmpty{[%X{job}%notEmpty{/%X{subgraph}}] }%msg%n} and the compile log's
 * {@code %d{ISO8601} %-5level [%t] %notEmpty{[%X{job}%notEmpty{/%X{subgraph}}] }%msg%n%throwable}.
 * Control characters of a message (a file name, a tool's output) are escaped ({@link ConsoleText}):
 * on the console a line end too, since an event is one line there; in the log file line ends are
 * kept, so a multi-line message stays readable, and every other control is escaped, so the file
 * reads as text in {@code less} or a terminal.
 */
public final class LogLine {

    private final ZoneId zone = ZoneId.systemDefault();

    /** {@code WARN  [Job/sg00] message} (no line end, no stack trace). */
    public static String console(Level level, String message) {
        return levelName(level) + ' ' + ConsoleText.line(where() + message);
    }

    /** {@code 2026-11-30T15:18:35,123 INFO  [main] [Job/sg00] message}, then the stack trace when there is one. */
    String file(long epochMillis, Level level, String thread, String message, Throwable thrown) {
        StringBuilder line = new StringBuilder(96 + message.length());
        appendTime(line, epochMillis);
        line.append(' ').append(levelName(level)).append(" [").append(ConsoleText.line(thread)).append("] ")
                .append(ConsoleText.keepingLineEnds(where() + message)).append('\n');
        if (thrown != null) {
            StringWriter trace = new StringWriter();
            try (PrintWriter out = new PrintWriter(trace)) {
                thrown.printStackTrace(out);
            }
            line.append(ConsoleText.keepingLineEnds(trace.toString().replace(System.lineSeparator(), "\n")));
        }
        return line.toString();
    }

    /** ISO 8601 as Log4j writes it: {@code yyyy-MM-dd'T'HH:mm:ss,SSS}, local time. */
    private void appendTime(StringBuilder line, long epochMillis) {
        LocalDateTime t = LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), zone);
        pad(line, t.getYear(), 4).append('-');
        pad(line, t.getMonthValue(), 2).append('-');
        pad(line, t.getDayOfMonth(), 2).append('T');
        pad(line, t.getHour(), 2).append(':');
        pad(line, t.getMinute(), 2).append(':');
        pad(line, t.getSecond(), 2).append(',');
        pad(line, t.getNano() / 1_000_000, 3);
    }

    private static StringBuilder pad(StringBuilder line, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            line.append('0');
        }
        return line.append(digits);
    }

    /** {@code %-5level}. */
    private static String levelName(Level level) {
        String name = level.name();
        return name.length() >= 5 ? name : name + " ".repeat(5 - name.length());
    }

    /** {@code %notEmpty{[%X{job}%notEmpty{/%X{subgraph}}] }}: empty unless the thread names a job or subgraph. */
    private static String where() {
        String job = nonNull(ThreadContext.get("job"));
        String subgraph = nonNull(ThreadContext.get("subgraph"));
        if (job.isEmpty() && subgraph.isEmpty()) {
            return "";
        }
        return "[" + job + (subgraph.isEmpty() ? "" : "/" + subgraph) + "] ";
    }

    private static String nonNull(String value) {
        return value == null ? "" : value;
    }
}

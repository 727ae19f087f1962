package dev.starfish.runtime.log;

import dev.starfish.runtime.log.ConsoleRoutes;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.filter.AbstractFilter;

/**
 * A resident server's console for an edited {@code conf/log4j2.properties} (Log4j core): the
 * configuration's console appenders write to {@code System.err}, which becomes a stream that hands
 * each write to the console of the command whose thread logged it ({@link ConsoleRoutes}), else
 * to the server's log; and each console appender decides by that command's console level
 * ({@code -v}, {@code -q}, {@code --log-level}) rather than by the level the process started with.
 * So a command through the server shows the lines the one-shot driver shows with the same edit.
 */
public final class RoutedConsole {

    private RoutedConsole() {
    }

    /** Routes {@code System.err} by command; call before Log4j core builds its appenders. */
    public static void routeSystemErr() {
        PrintStream processErr = System.err;
        System.setErr(new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                ConsoleRoutes.Route route = ConsoleRoutes.process().current();
                PrintStream to = route != null ? route.err() : processErr;
                to.write(bytes, offset, length);
                to.flush();
            }
        }, true, StandardCharsets.UTF_8));
    }

    /** Makes every console appender of the started Log4j core context filter by the logging command's level. */
    public static void filterByCommand() {
        if (!(LogManager.getContext(false) instanceof LoggerContext context)) {
            return;
        }
        for (Appender appender : context.getConfiguration().getAppenders().values()) {
            if (appender instanceof ConsoleAppender console) {
                Filter configured = console.getFilter();
                if (configured != null) {
                    console.removeFilter(configured);
                }
                console.addFilter(new CommandLevelFilter(configured));
            }
        }
    }

    /** An event of a command passes at its console level; any other as the configuration's own filter says. */
    private static final class CommandLevelFilter extends AbstractFilter {

        private final Filter configured;

        CommandLevelFilter(Filter configured) {
            this.configured = configured;
        }

        @Override
        public Result filter(LogEvent event) {
            ConsoleRoutes.Route route = ConsoleRoutes.process().current();
            if (route == null) {
                return configured == null ? Result.NEUTRAL : configured.filter(event);
            }
            Level level = event.getLevel();
            return level.isMoreSpecificThan(route.level()) ? Result.NEUTRAL : Result.DENY;
        }
    }
}

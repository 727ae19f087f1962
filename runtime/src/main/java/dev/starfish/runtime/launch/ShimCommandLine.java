package dev.starfish.runtime.launch;

import dev.starfish.api.Command;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Builds the argv that starts a command through {@code starfish-exec}. */
final class ShimCommandLine {

    private ShimCommandLine() {
    }

    /**
     * {@code shim [--cpu-limit N] [--timeout S] --grace G --report REPORT -- executedArgv...}: the
     * grace always, so the shim's own default (for use by hand) never decides.
     */
    static List<String> of(Path shim, Command command, Duration grace, Path report) {
        List<String> argv = new ArrayList<>();
        argv.add(shim.toString());
        if (command.cpuLimitSeconds() > 0) {
            argv.add("--cpu-limit");
            argv.add(Integer.toString(command.cpuLimitSeconds()));
        }
        if (!command.timeout().isZero()) {
            argv.add("--timeout");
            argv.add(seconds(command.timeout()));
        }
        argv.add("--grace");
        argv.add(seconds(grace));
        argv.add("--report");
        argv.add(report.toString());
        argv.add("--");
        argv.addAll(command.executedArgv());
        return argv;
    }

    /** Seconds as the shim and the messages print them: {@code 1}, {@code 0.25}. */
    static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis()).movePointLeft(3).stripTrailingZeros().toPlainString();
    }
}

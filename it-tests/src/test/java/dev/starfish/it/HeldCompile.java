package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.testcontainers.containers.Container.ExecResult;

/**
 * A compile run in the background as the image's user and held inside one tool until the test
 * releases it. Nothing here sleeps or polls: the test and the compile meet at two FIFOs in
 * {@value #GATE}. The held tool writes {@code tool <pid> ...} to {@code events} (its open blocks
 * until the test reads), then blocks opening {@code release} until the test writes to it; the
 * shell that started the driver writes {@code driver exited <status>} to {@code events} once the
 * driver has ended. {@link #awaitEvent()} reads the next of these lines.
 */
final class HeldCompile {

    static final String GATE = "/tmp/gate";
    static final String EVENTS = GATE + "/events";
    private static final String RELEASE = GATE + "/release";
    private static final String DRIVER_PID = GATE + "/driver.pid";
    private static final String GATE_PID = GATE + "/gate.pid";
    static final String DRIVER_STDOUT = GATE + "/driver.out";
    static final String DRIVER_STDERR = GATE + "/driver.err";

    private final StarfishContainer container;

    private HeldCompile(StarfishContainer container) {
        this.container = container;
    }

    /**
     * Installs, as root, {@code starfish/bin/private/<tool>}: its first call runs {@code prepare}
     * (a shell fragment that may set {@code detail}), reports {@code tool <pid><detail>} and waits
     * to be released; every call then execs the shipped tool of that name with the same argv.
     */
    static void installHoldingTool(StarfishContainer container, String tool, String prepare) {
        String script = "#!/bin/sh\n"
                + "# Test tool: the first call holds the compile until the test releases it.\n"
                + "if mkdir " + GATE + "/held 2>/dev/null; then\n"
                + "    detail=\n"
                + prepare
                + "    echo \"tool $$$detail\" > " + EVENTS + "\n"
                + "    read go < " + RELEASE + "\n"
                + "fi\n"
                + "exec " + StarfishContainer.HOME + "/starfish/bin/" + tool + " \"$@\"\n";
        container.putFile(StarfishContainer.HOME + "/starfish/bin/private/" + tool, script.getBytes(UTF_8), 0755);
        // the sandbox's /tmp is private: the gate, made before the compile starts, is let through
        container.letToolsWrite(GATE);
    }

    /**
     * Starts {@code starfish ARGS} in the background in the user's home. SIGINT and SIGQUIT are
     * reset to their defaults first: a shell ignores them in what it starts with {@code &}, and a
     * bash script cannot trap a signal ignored on entry (a terminal's foreground job or a process
     * supervisor starts the driver with the defaults).
     */
    static HeldCompile start(StarfishContainer container, String... args) {
        String driver = "env --default-signal=INT,QUIT " + StarfishContainer.STARFISH + " " + quoted(args)
                + " > " + DRIVER_STDOUT + " 2> " + DRIVER_STDERR + " < /dev/null & echo $! > " + DRIVER_PID
                + "; wait $!; echo \"driver exited $?\" > " + EVENTS;
        ExecResult started = container.shell("mkdir " + GATE + " && mkfifo " + EVENTS + " " + RELEASE + " || exit 1; "
                + "nohup sh -c " + quote(driver) + " < /dev/null > /dev/null 2>&1 & echo $! > " + GATE_PID);
        if (started.getExitCode() != 0) {
            throw new IllegalStateException("cannot start the compile in the background: " + describe(started));
        }
        return new HeldCompile(container);
    }

    /** The next line from {@value #EVENTS}; blocks until the held tool or the ending driver writes it. */
    String awaitEvent() {
        ExecResult read = container.shell("read line < " + EVENTS + " && printf '%s\\n' \"$line\"");
        if (read.getExitCode() != 0) {
            throw new IllegalStateException("cannot read " + EVENTS + ": " + describe(read));
        }
        return read.getStdout().trim();
    }

    /** Lets the held tool go on (to exec the shipped tool). */
    void release() {
        ExecResult released = container.shell("echo go > " + RELEASE);
        if (released.getExitCode() != 0) {
            throw new IllegalStateException("cannot release the held tool: " + describe(released));
        }
    }

    /** The pid of {@code bin/starfish}, the driver the user started. */
    String driverPid() {
        return read(DRIVER_PID);
    }

    /** The pid of the shell that started the driver and reports its exit. */
    String gatePid() {
        return read(GATE_PID);
    }

    /** The driver's standard error, once it has exited. */
    String stderr() {
        return container.shell("cat " + DRIVER_STDERR).getStdout();
    }

    /** What the driver printed, for assertion descriptions. */
    String output() {
        return container.shell("cat " + DRIVER_STDOUT + " " + DRIVER_STDERR).getStdout();
    }

    private String read(String file) {
        ExecResult result = container.shell("cat " + file);
        if (result.getExitCode() != 0) {
            throw new IllegalStateException("cannot read " + file + ": " + describe(result));
        }
        return result.getStdout().trim();
    }

    static String quoted(String... words) {
        return Arrays.stream(words).map(HeldCompile::quote).collect(Collectors.joining(" "));
    }

    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}

package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.containers.Container.ExecResult;

/**
 * One user's resident server in a {@link StarfishContainer} started with {@code STARFISH_SERVER=on}
 * (docs/server.md): its status as {@code starfish server status} tells it, its log, its processes.
 * Waits are bounded: what the server or its shim does after a death (stopping tools, an idle exit)
 * is asynchronous, so the checks retry until the state is reached or {@link #WAIT_MILLIS} passed.
 */
final class ResidentServer {

    static final long WAIT_MILLIS = 60_000;
    private static final Pattern STATUS = Pattern.compile("starfish server: pid (\\d+), build ([0-9a-f]{16}),"
            + " up \\d+ s, (\\d+) commands? served, (\\d+) running, heap \\d+ of \\d+ MB, socket (/\\S+\\.sock)\n");
    private static final Pattern NONE = Pattern.compile("starfish: no server is running for /opt/starfish \\(socket"
            + " (/\\S+\\.sock)\\)\n");

    /** What {@code starfish server status} said. */
    record Status(long pid, String build, int served, int running, String socket) {

        /** The server's log, next to its socket. */
        String log() {
            return socket.substring(0, socket.length() - ".sock".length()) + ".log";
        }
    }

    private final StarfishContainer container;
    private final String user;

    ResidentServer(StarfishContainer container, String user) {
        this.container = container;
        this.user = user;
    }

    /** Sets {@code server.idle.minutes} in the installation's conf/starfish.properties, as root (an operator). */
    static void setIdleMinutes(StarfishContainer container, String minutes) {
        String properties = StarfishContainer.HOME + "/conf/starfish.properties";
        ExecResult set = container.rootShell("sed -i 's/^server\\.idle\\.minutes=.*/server.idle.minutes=" + minutes
                + "/' " + properties + " && grep -x 'server.idle.minutes=" + minutes + "' " + properties);
        assertThat(set.getExitCode()).as("the operator sets server.idle.minutes=%s:\n%s", minutes, describe(set))
                .isZero();
    }

    /** Runs a {@code /bin/sh -c} script as this user in the home directory. */
    ExecResult shell(String script) {
        return container.shellAs(user, "cd && " + script);
    }

    /** Runs {@code starfish ARGS} (through the server: the container sets STARFISH_SERVER=on). */
    ExecResult starfish(String... args) {
        return shell("timeout -k 10 240 " + StarfishContainer.STARFISH + " " + HeldCompile.quoted(args));
    }

    /** Starts the server (if none runs) with {@code starfish --version} and returns its status. */
    Status start() {
        ExecResult version = starfish("--version");
        assertThat(version.getExitCode()).as("%s runs starfish --version through the server:\n%s", user,
                describe(version)).isZero();
        return status();
    }

    /** The status of the running server of this user and installation build. */
    Status status() {
        ExecResult result = starfish("server", "status");
        Matcher m = STATUS.matcher(result.getStdout());
        assertThat(result.getExitCode() == 0 && m.matches()).as("starfish server status of %s names a running server:"
                + "\n%s", user, describe(result)).isTrue();
        return new Status(Long.parseLong(m.group(1)), m.group(2), Integer.parseInt(m.group(3)),
                Integer.parseInt(m.group(4)), m.group(5));
    }

    /** The socket {@code starfish server status} names when no server runs (the environment prefix may set TMPDIR). */
    String noServerSocket(String environment) {
        ExecResult result = shell(environment + " " + StarfishContainer.STARFISH + " server status");
        Matcher m = NONE.matcher(result.getStdout());
        assertThat(result.getExitCode() == 0 && m.matches()).as("starfish server status of %s says no server runs:\n%s",
                user, describe(result)).isTrue();
        return m.group(1);
    }

    /** The whole log of a server, read as root. */
    String log(Status server) {
        return container.rootExec("cat", server.log()).getStdout();
    }

    /** Whether a process with this pid lives (and is no zombie). */
    boolean alive(long pid) {
        ExecResult ps = container.rootExec("ps", "-o", "stat=", "-p", Long.toString(pid));
        return ps.getExitCode() == 0 && !ps.getStdout().trim().startsWith("Z");
    }

    /** The user that owns a live process. */
    String ownerOf(long pid) {
        return container.rootExec("ps", "-o", "user=", "-p", Long.toString(pid)).getStdout().trim();
    }

    /** Waits until the process has exited; fails after {@link #WAIT_MILLIS}. */
    void awaitExit(long pid, String what) {
        awaitState(() -> !alive(pid), () -> what + " (pid " + pid + ") still runs after " + WAIT_MILLIS + " ms: "
                + processes(List.of()));
    }

    /**
     * Waits until this user's live processes ({@code pid comm args}), but for the container's own
     * and those of {@code except}, satisfy {@code expected}; returns the last listing.
     */
    List<String> awaitProcesses(List<Long> except, Predicate<List<String>> expected, String what) {
        awaitState(() -> expected.test(processes(except)), () -> what + "; the processes of " + user + ": "
                + processes(except));
        return processes(except);
    }

    /** This user's live processes ({@code pid comm args}) but for the container's init and idle command and except. */
    List<String> processes(List<Long> except) {
        return container.rootExec("ps", "-u", user, "-o", "pid=,ppid=,stat=,comm=,args=").getStdout().lines()
                .map(String::trim).filter(line -> !line.isEmpty())
                .filter(line -> !line.split("\\s+")[2].startsWith("Z"))
                .filter(line -> !line.split("\\s+")[0].equals("1"))
                .filter(line -> except.stream().noneMatch(pid -> line.split("\\s+")[0].equals(Long.toString(pid))))
                .filter(line -> !line.matches("\\d+\\s+1\\s+\\S+\\s+sleep\\s+sleep infinity"))
                .map(line -> line.replaceFirst("^(\\S+)\\s+\\S+\\s+\\S+\\s+", "$1 "))
                .toList();
    }

    private static void awaitState(BooleanSupplier reached, Supplier<String> why) {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (!reached.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError(why.get());
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting: " + why.get(), e);
            }
        }
    }
}

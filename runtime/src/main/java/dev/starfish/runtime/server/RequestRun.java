package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.cli.CommandModels;
import dev.starfish.runtime.cli.CommandServices;
import dev.starfish.runtime.cli.StarfishCli;
import dev.starfish.runtime.compile.CrashContext;
import dev.starfish.runtime.host.HostSource;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.invocation.Invocation;
import dev.starfish.runtime.invocation.Umask;
import dev.starfish.runtime.registry.JobThreadScope;
import dev.starfish.runtime.report.DriverStart;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.logging.log4j.ThreadContext;

/**
 * One client's command, run on a thread of its own so that the connection keeps reading the
 * client's signals and stdin. A cancelled command ends as the one-shot driver does on the signal:
 * its cancel actions (stop the tools, write the report, say so) run, then the client gets
 * 128 + the signal's number at once, and whatever the command's thread still writes while it
 * unwinds is dropped.
 */
final class RequestRun {

    private static final String CACHE_DIR = "STARFISH_CACHE_DIR";
    private static final Map<String, Integer> SIGNALS = Map.of("SIGHUP", 1, "SIGINT", 2, "SIGTERM", 15);

    private final Invocation invocation;
    private final ClientRequest request;
    private final CommandServices services;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();

    private final CommandCrashContext crashContext;
    private final String startWarning;

    RequestRun(ClientRequest request, FrameWriter writer, FrameInputStream stdin, HostSource hosts,
            CommandModels models, Path socket, String startWarning) {
        // the report measures from here, as the one-shot driver's from its process's start
        DriverStart received = new DriverStart(Instant.now(), System.nanoTime(), "the server's receipt of the request");
        this.services = new CommandServices(requireNonNull(hosts, "hosts is null"), () -> received, models);
        this.request = requireNonNull(request, "request is null");
        PrintStream out = FrameOutputStream.printStream(writer, Frame.STDOUT);
        PrintStream err = FrameOutputStream.printStream(writer, Frame.STDERR);
        this.invocation = new Invocation(request.workingDirectory(), environment(request), stdin, out, err,
                request.terminal(), new Cancellation(), new Umask(request.umask()));
        this.crashContext = CommandCrashContext.of(socket, request.clientPid());
        this.startWarning = requireNonNull(startWarning, "startWarning is null");
    }

    /**
     * The client's environment, with a relative {@code STARFISH_CACHE_DIR} made absolute against the
     * client's directory, as the one-shot driver's JVM (started there) resolves it; the server's
     * own directory is {@code /}.
     */
    private static Map<String, String> environment(ClientRequest request) {
        String cacheDir = request.environment().get(CACHE_DIR);
        if (cacheDir == null || cacheDir.isBlank() || Path.of(cacheDir).isAbsolute()) {
            return request.environment();
        }
        Map<String, String> env = new HashMap<>(request.environment());
        env.put(CACHE_DIR, request.workingDirectory().resolve(cacheDir).toString());
        return env;
    }

    /** Starts the command on a thread named {@code name}; {@code onEnd} runs when that thread ends. */
    void start(String name, Runnable onEnd) {
        Thread thread = new Thread(() -> {
            crashContext.open(request.workingDirectory());
            ThreadContext.put(JobThreadScope.CLIENT, Long.toString(request.clientPid()));
            ThreadContext.put(CrashContext.KEY, crashContext.file().toString());
            try {
                if (!startWarning.isEmpty()) {
                    invocation.err().println(startWarning);
                }
                int code = StarfishCli.run(invocation, services, request.args().toArray(String[]::new));
                invocation.out().flush();
                invocation.err().flush();
                exit.complete(code);
            } catch (Throwable e) {
                invocation.err().println("starfish: error: internal error in the server: " + e);
                invocation.err().flush();
                exit.complete(1);
            } finally {
                ThreadContext.clearMap();
                crashContext.remove();
                onEnd.run();
            }
        }, name + " [client " + request.clientPid() + "]");
        thread.setDaemon(true);
        thread.start();
    }

    /** Cancels the command with {@code signal}; the exit code becomes 128 + its number. */
    void cancel(String signal) {
        if (invocation.cancellation().cancel(signal)) {
            invocation.out().flush();
            invocation.err().flush();
            exit.complete(128 + SIGNALS.getOrDefault(signal, 15));
        }
    }

    /** The exit code, once the command ended or was cancelled. */
    CompletableFuture<Integer> exit() {
        return exit;
    }

    ClientRequest request() {
        return request;
    }
}

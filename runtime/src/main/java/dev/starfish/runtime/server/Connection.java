package dev.starfish.runtime.server;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.cli.CommandModels;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One client's connection: its first frame says what it wants (a command, the status, a stop when
 * idle); during a command the connection reads the client's signals and stdin, and the client's
 * going away cancels the command as a hang-up would. A client that breaks the protocol gets one line
 * and exit 2; nothing it sends reaches another connection.
 */
final class Connection {

    static final Duration FIRST_FRAME_TIMEOUT = Duration.ofSeconds(10);

    private final SocketChannel channel;
    private final ServerState state;
    private final SharedHosts hosts;
    private final CommandModels models;
    private final PeerCheck peers;
    private final ScheduledExecutorService timers;
    private final PrintStream log;
    private final long number;
    private final FrameWriter writer;

    Connection(SocketChannel channel, ServerState state, SharedHosts hosts, CommandModels models, PeerCheck peers,
            ScheduledExecutorService timers, PrintStream log, long number) {
        this.hosts = requireNonNull(hosts, "hosts is null");
        this.models = requireNonNull(models, "models is null");
        this.channel = requireNonNull(channel, "channel is null");
        this.state = requireNonNull(state, "state is null");
        this.peers = requireNonNull(peers, "peers is null");
        this.timers = requireNonNull(timers, "timers is null");
        this.log = requireNonNull(log, "log is null");
        this.number = number;
        this.writer = new FrameWriter(ChannelStreams.out(channel));
    }

    void serve() {
        try (channel) {
            Optional<String> refused = peers.refusal(channel);
            if (refused.isPresent()) {
                log.println("starfish-server: connection " + number + " refused: " + refused.get());
                refuse(refused.get());
                return;
            }
            FrameReader reader = new FrameReader(ChannelStreams.in(channel));
            Frame first;
            ScheduledFuture<?> deadline = timers.schedule(this::closeQuietly, FIRST_FRAME_TIMEOUT.toMillis(),
                    TimeUnit.MILLISECONDS);
            try {
                first = reader.next();
            } finally {
                deadline.cancel(false);
            }
            if (first == null) {
                return;
            }
            switch (first.type()) {
                case Frame.REQUEST -> run(RequestDecoder.decode(first.payload()), reader);
                case Frame.STATUS -> {
                    writer.write(Frame.of(Frame.STDOUT, ServerControl.json(state.status()) + "\n"));
                    writer.write(Frame.exit(0));
                }
                case Frame.STOP_WHEN_IDLE -> {
                    state.stopWhenIdle();
                    log.println("starfish-server: asked to exit when idle (connection " + number + ")");
                    writer.write(Frame.exit(0));
                }
                default -> refuse("the first frame is of type " + Frame.name(first.type())
                        + " (expected a request 'Q', a status 'S' or a stop 'Z')");
            }
        } catch (ProtocolException e) {
            log.println("starfish-server: connection " + number + " refused: " + e.getMessage());
            refuse(e.getMessage());
        } catch (IOException e) {
            if (channel.isOpen()) {
                log.println("starfish-server: connection " + number + " failed: " + e);
            } else {
                log.println("starfish-server: connection " + number + " sent no request within "
                        + FIRST_FRAME_TIMEOUT.toSeconds() + " s; closed");
            }
        }
    }

    private void run(ClientRequest request, FrameReader reader) throws IOException {
        if (ServerControl.handles(request.args())) {
            PrintStream out = FrameOutputStream.printStream(writer, Frame.STDOUT);
            PrintStream err = FrameOutputStream.printStream(writer, Frame.STDERR);
            state.requestStarted();
            int code;
            try {
                code = new ServerControl(state).run(request.args(), out, err);
            } finally {
                out.flush();
                err.flush();
                state.requestEnded();
            }
            writer.write(Frame.exit(code));
            return;
        }
        FrameInputStream stdin = new FrameInputStream(writer);
        RequestRun run = new RequestRun(request, writer, stdin, hosts, models, state.socket(), state.startWarning());
        long started = System.nanoTime();
        state.requestStarted();
        run.start("starfish-request-" + number, state::requestEnded);
        Thread relay = new Thread(() -> relay(reader, stdin, run), "starfish-client-" + number);
        relay.setDaemon(true);
        relay.start();
        int code;
        try {
            code = run.exit().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = 1;
        } catch (ExecutionException e) {
            code = 1;
        }
        writer.write(Frame.exit(code));
        log.printf("starfish-server: request %d (%s) in %s: exit %d in %d ms%n", number, request.subcommand(),
                request.workingDirectory(), code, (System.nanoTime() - started) / 1_000_000);
        closeQuietly();
    }

    /** Reads what the client sends while its command runs: signals, stdin, and its end. */
    private void relay(FrameReader reader, FrameInputStream stdin, RequestRun run) {
        try {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                switch (frame.type()) {
                    case Frame.SIGNAL -> run.cancel(signalName(frame.payload()));
                    case Frame.STDIN -> stdin.offer(frame.payload());
                    case Frame.STDIN_EOF -> stdin.end();
                    default -> throw new ProtocolException("a frame of type " + Frame.name(frame.type())
                            + " while a command runs (expected 'K', 'I' or 'i')");
                }
            }
        } catch (ProtocolException e) {
            log.println("starfish-server: connection " + number + ": " + e.getMessage() + "; its command is cancelled");
        } catch (IOException e) {
            // the connection is closed: the client went away, or the command ended and it was closed
        }
        stdin.end();
        if (!run.exit().isDone()) {
            log.println("starfish-server: the client of request " + number + " went away; its command is cancelled");
            run.cancel("SIGHUP");
        }
    }

    private static String signalName(byte[] payload) throws ProtocolException {
        if (payload.length != 1) {
            throw new ProtocolException("a signal frame of " + payload.length + " bytes (expected 1)");
        }
        return switch (payload[0]) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 15 -> "SIGTERM";
            default -> throw new ProtocolException("signal " + (payload[0] & 0xff)
                    + " (expected 1 SIGHUP, 2 SIGINT or 15 SIGTERM)");
        };
    }

    /** Tells a client over the connection limit to try again, without reading what it sent. */
    void refuseBusy(int limit) {
        try (channel) {
            writer.write(Frame.of(Frame.STDERR, "starfish: error: server: " + limit + " commands are running in the"
                    + " server already; try again, or run this one with --no-server\n"));
            writer.write(Frame.exit(1));
        } catch (IOException e) {
            // the client is gone
        }
    }

    private void refuse(String why) {
        writer.write(Frame.of(Frame.STDERR, "starfish: error: server: " + why + "\n"));
        writer.write(Frame.exit(2));
        drainBeforeClose();
    }

    /**
     * Ends the answer and reads what the client still sends (for at most two seconds), so that the
     * close does not reset the connection and lose the answer: a socket closed with unread bytes in
     * it discards what it sent.
     */
    private void drainBeforeClose() {
        ScheduledFuture<?> deadline = timers.schedule(this::closeQuietly, 2, TimeUnit.SECONDS);
        try {
            channel.shutdownOutput();
            ByteBuffer sink = ByteBuffer.allocate(8192);
            while (channel.read(sink.clear()) >= 0) {
                // discarded
            }
        } catch (IOException e) {
            // closed by the deadline, or by the client
        } finally {
            deadline.cancel(false);
        }
    }

    private void closeQuietly() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing more to say to this client
        }
    }
}

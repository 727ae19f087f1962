package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.compile.CompileRequest;
import dev.starfish.runtime.compile.CompileWatch;
import dev.starfish.runtime.compile.InterruptedCompile;
import dev.starfish.runtime.compile.SignalGuard;
import dev.starfish.runtime.invocation.Cancellation;
import dev.starfish.runtime.launch.ProcessLauncher;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The one guard of a whole batch (a compile's own guard would report its model alone): when the
 * batch is cancelled (SIGINT, SIGTERM or SIGHUP, a server's client, or plugin code calling
 * {@code System.exit}),
 * it stops every tool of every model, keeps the outputs of the models that finished, removes
 * the unfinished ones (and says so in each model's log), reports the running models as
 * interrupted and the waiting ones as cancelled, and prints one line.
 */
final class BatchGuard implements CompileWatch, AutoCloseable {

    private final ProcessLauncher launcher;
    private final OutcomeBoard board;
    private final Consumer<List<ModelOutcome>> report;
    private final PrintStream err;
    private final SignalGuard signals;

    /**
     * @param report writes and prints the report of the models' outcomes (in the batch's order)
     */
    BatchGuard(ProcessLauncher launcher, OutcomeBoard board, Consumer<List<ModelOutcome>> report,
            Cancellation cancellation, PrintStream err) {
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.board = requireNonNull(board, "board is null");
        this.report = requireNonNull(report, "report is null");
        this.err = requireNonNull(err, "err is null");
        this.signals = SignalGuard.install(cancellation, this::stop);
    }

    @Override
    public Watched watch(CompileRequest request, Supplier<String> runningJobs) {
        // the model's log stays open until the guard has written its interruption there; the board
        // records the model's end, and the batch's guard stays for the others
        return signals.watched(() -> { });
    }

    /** The signal that stopped the batch, or {@code null}. */
    String interruptedBy() {
        return signals.interruptedBy();
    }

    private void stop(String signal) {
        Optional<OutcomeBoard.Snapshot> closed = board.close();
        if (closed.isEmpty()) {
            return;
        }
        OutcomeBoard.Snapshot snapshot = closed.get();
        String cause = signal != null ? signal : "plugin code calling System.exit";
        launcher.stopAll("the batch was stopped by " + cause);
        List<ModelOutcome> outcomes = new ArrayList<>();
        for (BatchItem item : snapshot.items()) {
            ModelOutcome done = snapshot.done().get(item);
            OutcomeBoard.Running running = snapshot.running().get(item);
            if (done != null) {
                outcomes.add(done);
            } else if (running != null) {
                String why = "compile interrupted (" + cause + "); tools stopped, unfinished output removed";
                InterruptedCompile.cleanUp(running.request(), why, true);
                outcomes.add(new ModelOutcome(item, ModelStatus.INTERRUPTED,
                        signal != null ? OptionalInt.of(SignalGuard.exitCode(signal)) : OptionalInt.empty(),
                        running.millisSoFar(), running.cache().get(),
                        Optional.of(why), Optional.empty()));
            } else {
                outcomes.add(ModelOutcome.cancelled(item, "not started: the batch was stopped (" + cause + ")"));
            }
        }
        report.accept(outcomes);
        long kept = snapshot.done().values().stream().filter(o -> o.status() == ModelStatus.OK).count();
        err.println(signal != null
                ? "starfish: batch interrupted (" + signal + "); tools stopped, " + kept + " finished output"
                        + (kept == 1 ? "" : "s") + " kept, " + snapshot.running().size() + " unfinished removed"
                : "starfish: error: plugin code ended the driver (System.exit) during the batch; tools stopped, "
                        + snapshot.running().size() + " unfinished output" + (snapshot.running().size() == 1 ? "" : "s")
                        + " removed");
        err.flush();
    }

    @Override
    public void close() {
        signals.close();
    }
}

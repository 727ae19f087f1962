package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.compile.SignalGuard;
import dev.starfish.runtime.invocation.Cancellation;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs a batch as one Slurm job array: writes the manifest and the task script into a new private
 * batch directory next to the report (on the shared filesystem; {@link BatchDirectory}), submits once with {@code sbatch},
 * follows the tasks with {@code scontrol} (printing each model's line as its task ends), then
 * merges the tasks' reports into the batch's own. Stopping the submitter cancels the array.
 */
public final class SlurmBatch {

    private static final long POLL_MILLIS = 2000;

    private final Path starfishHome;
    private final SlurmSettings settings;
    private final BatchConsole console;
    private final PrintStream err;
    private final SlurmClient slurm;
    /** Whoever ends the batch first (it finished, or the submitter was stopped) reports it. */
    private final AtomicBoolean reported = new AtomicBoolean();

    private final Cancellation cancellation;

    /**
     * @param cancellation stops the batch: the array is cancelled, the report written, one line said
     * @param environment the command's: the Slurm commands are found on its {@code PATH} and run in it
     * @param workingDirectory the command's, where the Slurm commands run
     */
    public SlurmBatch(Path starfishHome, SlurmSettings settings, BatchConsole console, Cancellation cancellation,
            PrintStream err, Map<String, String> environment, Path workingDirectory) {
        this.slurm = new SlurmClient(environment, workingDirectory);
        this.cancellation = requireNonNull(cancellation, "cancellation is null");
        this.starfishHome = requireNonNull(starfishHome, "starfishHome is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.console = requireNonNull(console, "console is null");
        this.err = requireNonNull(err, "err is null");
    }

    /**
     * @param taskArguments the options each task's {@code starfish batch} gets (job options, pipeline, ...)
     * @return the batch's exit code, as for a local batch
     */
    public int run(List<BatchItem> items, BatchSettings batch, List<String> taskArguments, Path reportFile,
            Consumer<List<ModelOutcome>> report) {
        Path dir = BatchDirectory.create(reportFile.toAbsolutePath().getParent());
        SlurmManifest manifest = SlurmManifest.write(dir, items, settings.arraySize(items.size()));
        writeScript(dir, taskArguments);
        List<String> argv = SbatchCommand.argv(settings, manifest.shares().size(), dir, batch.launchDir());
        String jobId;
        try {
            jobId = slurm.submit(argv);
        } catch (RuntimeException e) {
            removeQuietly(dir);
            throw e;
        }
        console.note("Submitted " + items.size() + " models as Slurm job array " + jobId + " ("
                + manifest.shares().size() + " tasks; batch directory " + dir + ")");
        Map<Integer, SlurmTaskState> last = new HashMap<>();
        Map<Integer, BatchReport> reports = new HashMap<>();
        try (SignalGuard guard = SignalGuard.install(cancellation, signal -> onEnd(signal, jobId, items,
                manifest, last, reports, report))) {
            follow(jobId, manifest, last, reports);
            if (reported.get()) {
                // stopped (the guard reported the batch): the caller ends with the signal's code
                return guard.interruptedBy() != null ? SignalGuard.exitCode(guard.interruptedBy()) : 1;
            }
            List<ModelOutcome> outcomes = TaskReportMerge.merge(items, jobId, manifest, Map.copyOf(last), Map.copyOf(reports));
            if (reported.compareAndSet(false, true)) {
                report.accept(outcomes);
            }
            return outcomes.stream().allMatch(o -> o.status() == ModelStatus.OK) ? 0 : 1;
        }
    }

    private void writeScript(Path dir, List<String> taskArguments) {
        Path script = dir.resolve(SbatchCommand.SCRIPT);
        try {
            Files.writeString(script, SbatchCommand.script(starfishHome, dir, taskArguments), StandardOpenOption.CREATE_NEW);
            Files.setPosixFilePermissions(script, BatchDirectory.PRIVATE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the task script " + script + ": " + e.getMessage(), e);
        }
    }

    /** Asks Slurm until every task has ended, noting state changes and each finished task's models. */
    private void follow(String jobId, SlurmManifest manifest, Map<Integer, SlurmTaskState> last,
            Map<Integer, BatchReport> reports) {
        Set<Integer> open = new HashSet<>();
        for (int i = 0; i < manifest.shares().size(); i++) {
            open.add(i);
        }
        while (!open.isEmpty() && !reported.get()) {
            Map<Integer, SlurmTaskState> now = slurm.states(jobId);
            for (int task : List.copyOf(open)) {
                SlurmTaskState state = now.isEmpty() ? SlurmTaskState.forgotten() : now.get(task);
                if (state == null) {
                    continue;
                }
                synchronized (last) {
                    SlurmTaskState before = last.put(task, state);
                    if (before == null || !before.state().equals(state.state())) {
                        console.note("slurm: task " + jobId + "_" + task + " " + state.state()
                                + (state.node().isEmpty() ? "" : " on " + state.node())
                                + (state.reason().equals("None") ? "" : " (" + state.reason() + ")"));
                    }
                }
                if (state.finished()) {
                    open.remove(task);
                    collect(task, manifest, reports);
                }
            }
            if (!open.isEmpty()) {
                pause();
            }
        }
    }

    private void collect(int task, SlurmManifest manifest, Map<Integer, BatchReport> reports) {
        Path file = manifest.reportOf(task);
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            BatchReport report = BatchReportJson.read(file);
            synchronized (reports) {
                reports.put(task, report);
            }
            report.models().forEach(console::finished);
        } catch (InvalidInputException e) {
            console.note("slurm: task " + task + " left an unreadable report: " + e.getMessage());
        }
    }

    /** The submitter was stopped: cancel the array and report what is known. */
    private void onEnd(String signal, String jobId, List<BatchItem> items, SlurmManifest manifest,
            Map<Integer, SlurmTaskState> last, Map<Integer, BatchReport> reports, Consumer<List<ModelOutcome>> report) {
        if (!reported.compareAndSet(false, true)) {
            return;
        }
        slurm.cancel(jobId);
        Map<Integer, SlurmTaskState> states = new HashMap<>();
        synchronized (last) {
            last.forEach((task, state) -> states.put(task, state.finished() ? state
                    : new SlurmTaskState("CANCELLED", "the submitter was stopped (" + signal + ")", state.node(), "")));
        }
        for (int task = 0; task < manifest.shares().size(); task++) {
            states.putIfAbsent(task, new SlurmTaskState("CANCELLED", "the submitter was stopped (" + signal + ")", "", ""));
        }
        synchronized (reports) {
            report.accept(TaskReportMerge.merge(items, jobId, manifest, states, Map.copyOf(reports)));
        }
        err.println("starfish: batch interrupted (" + (signal != null ? signal : "System.exit")
                + "); Slurm job array " + jobId + " cancelled");
        err.flush();
    }

    /** Removes the batch directory of an array that was never submitted. */
    private static void removeQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // what is left names itself (starfish-batch-*) and holds no user file
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while following the Slurm job array", e);
        }
    }
}

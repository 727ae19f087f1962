package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How one model of a batch ended.
 *
 * @param item the model and its paths
 * @param status ok, failed, interrupted or cancelled
 * @param exitCode the exit code a {@code starfish compile} of it would have had; empty when it never ran
 * @param wallMillis its compile's wall time
 * @param cache {@code hit}, {@code miss} or {@code off}
 * @param error one line saying why it did not compile, or empty
 * @param slurm where Slurm ran it, for a Slurm batch
 */
public record ModelOutcome(BatchItem item, ModelStatus status, OptionalInt exitCode, long wallMillis, String cache,
        Optional<String> error, Optional<SlurmPlacement> slurm) {

    public ModelOutcome {
        requireNonNull(item, "item is null");
        requireNonNull(status, "status is null");
        requireNonNull(exitCode, "exitCode is null");
        requireNonNull(cache, "cache is null");
        error = error.map(ModelOutcome::oneLine);
        requireNonNull(slurm, "slurm is null");
    }

    public static ModelOutcome ok(BatchItem item, long wallMillis, String cache) {
        return new ModelOutcome(item, ModelStatus.OK, OptionalInt.of(0), wallMillis, cache, Optional.empty(),
                Optional.empty());
    }

    public static ModelOutcome failed(BatchItem item, int exitCode, long wallMillis, String cache, String error) {
        return new ModelOutcome(item, ModelStatus.FAILED, OptionalInt.of(exitCode), wallMillis, cache,
                Optional.of(error), Optional.empty());
    }

    public static ModelOutcome cancelled(BatchItem item, String why) {
        return new ModelOutcome(item, ModelStatus.CANCELLED, OptionalInt.empty(), 0, "off", Optional.of(why),
                Optional.empty());
    }

    public Path model() {
        return item.model();
    }

    /** The model's {@code .neff}, only when it compiled and the file is there. */
    public Optional<Path> output() {
        return status == ModelStatus.OK ? existing(item.output()) : Optional.empty();
    }

    /** The model's log, only when its compile ran far enough to write one (never for a model that never ran). */
    public Optional<Path> log() {
        return status == ModelStatus.CANCELLED && exitCode.isEmpty() ? Optional.empty() : existing(item.logFile());
    }

    private static Optional<Path> existing(Path file) {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Optional.of(file) : Optional.empty();
    }

    public ModelOutcome withStatus(ModelStatus newStatus, String why) {
        return new ModelOutcome(item, newStatus, exitCode, wallMillis, cache, Optional.of(why), slurm);
    }

    public ModelOutcome placedBy(SlurmPlacement placement) {
        return new ModelOutcome(item, status, exitCode, wallMillis, cache, error, Optional.of(placement));
    }

    private static String oneLine(String text) {
        return text.lines().findFirst().orElse("").strip();
    }
}

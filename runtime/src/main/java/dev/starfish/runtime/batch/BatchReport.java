package dev.starfish.runtime.batch;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of a whole batch, the content of {@code batch-report.json} (docs/batch-report.md).
 *
 * @param driverVersion the version of the driver that ran it
 * @param executor {@code local} or {@code slurm}
 * @param host the machine the driver ran on
 * @param start when the batch started
 * @param wallMillis its wall time
 * @param models one outcome per model, in the batch's order
 */
public record BatchReport(String driverVersion, String executor, String host, Instant start, long wallMillis,
        List<ModelOutcome> models) {

    public BatchReport {
        requireNonNull(driverVersion, "driverVersion is null");
        requireNonNull(executor, "executor is null");
        requireNonNull(host, "host is null");
        requireNonNull(start, "start is null");
        models = List.copyOf(models);
    }

    /** How many models ended in each status (every status present, zero or more). */
    public Map<ModelStatus, Integer> counts() {
        Map<ModelStatus, Integer> counts = new EnumMap<>(ModelStatus.class);
        for (ModelStatus status : ModelStatus.values()) {
            counts.put(status, 0);
        }
        models.forEach(m -> counts.merge(m.status(), 1, Integer::sum));
        return counts;
    }

    /** 0 when every model compiled, else 1 (a batch stopped by a signal exits with 128 + its number instead). */
    public int exitCode() {
        return models.stream().allMatch(m -> m.status() == ModelStatus.OK) ? 0 : 1;
    }
}

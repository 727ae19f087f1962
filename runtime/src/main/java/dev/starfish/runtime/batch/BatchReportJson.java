package dev.starfish.runtime.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.json.JsonTrees;
import dev.starfish.runtime.report.AtomicReplace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads and writes {@code batch-report.json}, format {@value #FORMAT} version {@value #VERSION}
 * (docs/batch-report.md). Written to a private temporary file and renamed into place, so a reader
 * (a Slurm submitter merging its tasks' reports) never sees half a report and no planted name is
 * written through.
 */
public final class BatchReportJson {

    public static final String FORMAT = "starfish-batch-report";
    public static final int VERSION = 1;

    private BatchReportJson() {
    }

    public static String toJson(BatchReport report) {
        ObjectNode root = JsonTrees.object();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("driver_version", report.driverVersion());
        root.put("executor", report.executor());
        root.put("host", report.host());
        root.put("start", report.start().toString());
        root.put("wall_ms", report.wallMillis());
        ObjectNode counts = root.putObject("counts");
        counts.put("total", report.models().size());
        report.counts().forEach((status, n) -> counts.put(status.label(), n));
        for (ModelOutcome m : report.models()) {
            ObjectNode model = root.withArray("models").addObject();
            model.put("model", m.model().toString());
            model.put("status", m.status().label());
            m.exitCode().ifPresentOrElse(code -> model.put("exit_code", code), () -> model.putNull("exit_code"));
            model.put("wall_ms", m.wallMillis());
            model.put("cache", m.cache());
            pathOrNull(model, "output", m.output());
            model.put("workdir", m.item().workDir().toString());
            pathOrNull(model, "log", m.log());
            m.error().ifPresentOrElse(e -> model.put("error", e), () -> model.putNull("error"));
            m.slurm().ifPresent(s -> {
                ObjectNode slurm = model.putObject("slurm");
                slurm.put("job_id", s.jobId());
                slurm.put("array_task", s.arrayTask());
                slurm.put("node", s.node());
                slurm.put("state", s.state());
                slurm.put("reason", s.reason());
            });
        }
        return JsonTrees.pretty(root) + "\n";
    }

    /** Writes the report to {@code file} atomically, through a private temporary file ({@link AtomicReplace}). */
    public static void write(Path file, BatchReport report) {
        replace(file, toJson(report), "the batch report");
    }

    /** Writes {@code text} to {@code file} the same way (its directory created first); {@code what} names it in an error. */
    static void replace(Path file, String text, String what) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            new AtomicReplace().replace(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + what + " " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a report this class wrote; anything else is an invalid input naming the file and the field. */
    public static BatchReport read(Path file) {
        JsonNode root;
        try {
            root = JsonTrees.read(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new InvalidInputException("batch report " + file + " is not readable JSON: " + e.getMessage());
        }
        if (root == null || !FORMAT.equals(root.path("format").asText()) || root.path("version").asInt() != VERSION) {
            throw new InvalidInputException("batch report " + file + " is not a " + FORMAT + " version " + VERSION);
        }
        List<ModelOutcome> models = new ArrayList<>();
        for (JsonNode m : root.path("models")) {
            BatchItem item = itemOf(file, m);
            OptionalInt exit = m.path("exit_code").isInt() ? OptionalInt.of(m.get("exit_code").asInt()) : OptionalInt.empty();
            Optional<String> error = m.path("error").isTextual() ? Optional.of(m.get("error").asText()) : Optional.empty();
            Optional<SlurmPlacement> slurm = m.has("slurm") ? Optional.of(new SlurmPlacement(
                    m.path("slurm").path("job_id").asText(), m.path("slurm").path("array_task").asInt(),
                    m.path("slurm").path("node").asText(), m.path("slurm").path("state").asText(),
                    m.path("slurm").path("reason").asText())) : Optional.empty();
            ModelStatus status;
            try {
                status = ModelStatus.parse(text(file, m, "status"));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("batch report " + file + " has an unknown status '"
                        + m.path("status").asText() + "'");
            }
            models.add(new ModelOutcome(item, status, exit, m.path("wall_ms").asLong(), m.path("cache").asText("off"),
                    error, slurm));
        }
        return new BatchReport(root.path("driver_version").asText(), root.path("executor").asText(),
                root.path("host").asText(), Instant.parse(text(file, root, "start")), root.path("wall_ms").asLong(),
                models);
    }

    private static void pathOrNull(ObjectNode model, String field, Optional<Path> path) {
        path.ifPresentOrElse(p -> model.put(field, p.toString()), () -> model.putNull(field));
    }

    /** The model's paths; an output or log the report leaves {@code null} is where the batch would have put it. */
    private static BatchItem itemOf(Path file, JsonNode m) {
        Path model = Path.of(text(file, m, "model"));
        Path workDir = Path.of(text(file, m, "workdir"));
        BatchItem planned = BatchItem.of(model, workDir.toAbsolutePath().getParent());
        return new BatchItem(model, m.path("output").isTextual() ? Path.of(m.get("output").asText()) : planned.output(),
                workDir, m.path("log").isTextual() ? Path.of(m.get("log").asText()) : planned.logFile());
    }

    private static String text(Path file, JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new InvalidInputException("batch report " + file + " has no text field '" + field + "'");
        }
        return value.asText();
    }

}

package dev.starfish.runtime.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.neff.EntryCheck;
import dev.starfish.runtime.neff.NeffInspection;
import dev.starfish.runtime.neff.NeffInspector;
import dev.starfish.runtime.table.TextTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code starfish inspect MODEL.neff}: the manifest of a {@code .neff}, every entry verified, and its compile record. */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Show what a .neff holds: its manifest, every entry checked against the size and SHA-256 the "
                + "manifest records, and the compile record it packs (model, pipeline, options, versions).",
                "Only reads the file. Exit status 0 when every entry is verified, 1 when one is not (the entry is "
                        + "named), 2 when the file is not a .neff or is malformed (truncated, an unsafe member name, "
                        + "a size the file cannot hold)."})
final class InspectCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL.neff", description = "The .neff to inspect.")
    Path neff;

    @Option(names = "--json", description = "Print one JSON object (file, format, toolchain_version, entries with "
            + "their check, compile_record, ok) instead of text.")
    boolean json;

    @Mixin
    LoggingOptions logging;

    @Override
    public Integer call() throws JsonProcessingException {
        UserPath file = UserPath.of(StarfishCommand.invocation(spec), neff);
        NeffInspection inspection;
        try {
            inspection = NeffInspector.inspect(file.resolved());
        } catch (InvalidInputException e) {
            throw file.shownIn(e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(JsonOption.render(asMap(inspection, file)));
        } else {
            printText(out, inspection, file);
        }
        out.flush();
        Optional<String> failure = inspection.firstFailure();
        if (failure.isPresent()) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("starfish: error: " + neff + ": " + failure.get() + "; the .neff is damaged or was altered:"
                    + " compile the model again");
            err.flush();
            return ExitCodes.FAILURE;
        }
        return ExitCodes.OK;
    }

    private static void printText(PrintWriter out, NeffInspection inspection, UserPath file) {
        out.println(file.show(inspection.file()) + ": " + inspection.format() + ", toolchain " + inspection.toolchainVersion()
                + ", " + inspection.entries().size() + " entries");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("ENTRY", "SIZE", "SHA256", "CHECK"));
        for (EntryCheck entry : inspection.entries()) {
            rows.add(List.of(entry.name(), String.valueOf(entry.size()), entry.sha256().substring(0, 12),
                    entry.status()));
        }
        TextTable.print(out, rows);
        inspection.unlisted().ifPresent(name -> out.println("not in the manifest: " + name));
        inspection.compileRecord().ifPresent(record -> printRecord(out, record));
    }

    private static void printRecord(PrintWriter out, JsonNode record) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("  model", record.path("model").asText() + " (sha256 " + record.path("model_sha256").asText()
                + ")"));
        List<String> pipeline = new ArrayList<>();
        record.path("pipeline").forEach(job -> pipeline.add(job.asText()));
        rows.add(List.of("  pipeline", String.join(",", pipeline)));
        record.path("options").fields().forEachRemaining(job -> {
            List<String> values = new ArrayList<>();
            job.getValue().fields().forEachRemaining(o -> o.getValue()
                    .forEach(v -> values.add(o.getKey() + (v.asText().isEmpty() ? "" : "=" + v.asText()))));
            if (!values.isEmpty()) {
                rows.add(List.of("  options", job.getKey() + " " + String.join(" ", values)));
            }
        });
        rows.add(List.of("  starfish", record.path("starfish_version").asText()));
        out.println("Compile record:");
        TextTable.print(out, rows);
    }

    private static Map<String, Object> asMap(NeffInspection inspection, UserPath file) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("file", file.show(inspection.file()));
        root.put("format", inspection.format());
        root.put("toolchain_version", inspection.toolchainVersion());
        List<Map<String, Object>> entries = new ArrayList<>();
        for (EntryCheck entry : inspection.entries()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", entry.name());
            row.put("size", entry.size());
            row.put("sha256", entry.sha256());
            row.put("verified", entry.verified());
            row.put("check", entry.status());
            entries.add(row);
        }
        root.put("entries", entries);
        root.put("unlisted", inspection.unlisted().orElse(null));
        root.put("compile_record", inspection.compileRecord().orElse(null));
        root.put("ok", inspection.firstFailure().isEmpty());
        return root;
    }
}

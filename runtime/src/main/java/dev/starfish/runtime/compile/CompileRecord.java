package dev.starfish.runtime.compile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.JobOptions;
import dev.starfish.runtime.json.JsonTrees;
import dev.starfish.runtime.plan.Plan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The record of one compile, {@code compile.json} in the work directory (the
 * {@code compile-record} artifact, which the NEFF packs): what was compiled and how.
 * <pre>
 * {"format":"starfish-compile-record", "starfish_version":"0.1.0",
 *  "model":"/abs/mlp.hlo", "model_sha256":"…",
 *  "pipeline":["MyJob", …],
 *  "options":{"MyJob":{"--level":["4"]}, "OtherJob":{}, …}}
 * </pre>
 * {@code options} holds, for every job of the pipeline, the value of each of its declared
 * options that was given or has a default.
 */
final class CompileRecord {

    static final String FORMAT = "starfish-compile-record";

    private CompileRecord() {
    }

    /** The record's JSON text, ending in a newline. */
    static String toJson(CompileRequest request, Plan plan, String modelSha256) {
        ObjectNode root = JsonTrees.object();
        root.put("format", FORMAT);
        root.put("starfish_version", request.starfishVersion());
        root.put("model", request.model().toString());
        root.put("model_sha256", modelSha256);
        plan.jobNames().forEach(root.putArray("pipeline")::add);
        ObjectNode options = root.putObject("options");
        for (String job : plan.jobNames()) {
            ObjectNode values = options.putObject(job);
            JobOptions given = request.optionsOf(job);
            given.names().forEach(name -> given.list(name).forEach(values.withArray(name)::add));
        }
        return JsonTrees.pretty(root) + "\n";
    }

    /** Writes the record to {@code file}; {@code modelSha256} is the digest of the bytes the jobs read. */
    static void write(Path file, CompileRequest request, Plan plan, String modelSha256) {
        try {
            Files.writeString(file, toJson(request, plan, modelSha256));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the compile record " + file + ": " + e.getMessage(), e);
        }
    }
}

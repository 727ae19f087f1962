package dev.starfish.runtime.compile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.JobOptions;
import dev.starfish.runtime.json.JsonTrees;
import dev.starfish.runtime.plan.Plan;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

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
    static String toJson(CompileRequest request, Plan plan) {
        ObjectNode root = JsonTrees.object();
        root.put("format", FORMAT);
        root.put("starfish_version", request.starfishVersion());
        root.put("model", request.model().toString());
        root.put("model_sha256", sha256(request.model()));
        plan.jobNames().forEach(root.putArray("pipeline")::add);
        ObjectNode options = root.putObject("options");
        for (String job : plan.jobNames()) {
            ObjectNode values = options.putObject(job);
            JobOptions given = request.optionsOf(job);
            given.names().forEach(name -> given.list(name).forEach(values.withArray(name)::add));
        }
        return JsonTrees.pretty(root) + "\n";
    }

    /** Writes the record to {@code file}. */
    static void write(Path file, CompileRequest request, Plan plan) {
        try {
            Files.writeString(file, toJson(request, plan));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the compile record " + file + ": " + e.getMessage(), e);
        }
    }

    static String sha256(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}

package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything that changes a compile's artifact, and nothing else: the model's bytes, the jobs
 * in order with their plugin, jar and tool, the option values the jobs declare (after defaults),
 * and the driver's version. No path, work directory or parallelism: the same model compiled from
 * another directory, or with another {@code -j}, has the same key. {@link #encode()} is the
 * canonical, versioned byte form the key hashes: every field is length-prefixed, so no two
 * different materials encode alike. Immutable.
 *
 * @param modelSha256 the SHA-256 of the model file's bytes
 * @param jobs the planned jobs, in the order they run
 * @param options each job's option values (name to values), only for jobs of the plan
 * @param driverVersion the Starfish version
 */
public record KeyMaterial(String modelSha256, List<JobFingerprint> jobs, Map<String, Map<String, List<String>>> options,
        String driverVersion) {

    /** Changes whenever the encoding or the meaning of an entry changes: old entries then miss. */
    public static final String FORMAT = "starfish-compile-key/2";

    public KeyMaterial {
        requireNonNull(modelSha256, "modelSha256 is null");
        jobs = List.copyOf(jobs);
        options = sorted(options);
        requireNonNull(driverVersion, "driverVersion is null");
    }

    /**
     * What a job contributes: its plugin (id, version, SHA-256 of the jar) and, for a native
     * job, its tool's name and the SHA-256 of the file it resolves to (from {@code private/}, the
     * plugin's bundled tools or {@code bin/}, whichever the plan uses), and what the tool can be
     * shown to read ({@link ToolReads}), each as {@code NAME SHA256}.
     */
    public record JobFingerprint(String name, String pluginId, String pluginVersion, String jarSha256,
            Optional<String> tool, Optional<String> toolSha256, List<String> toolReads) {

        /** A job whose tool (if any) reads nothing the key covers besides itself. */
        public JobFingerprint(String name, String pluginId, String pluginVersion, String jarSha256,
                Optional<String> tool, Optional<String> toolSha256) {
            this(name, pluginId, pluginVersion, jarSha256, tool, toolSha256, List.of());
        }

        public JobFingerprint {
            toolReads = List.copyOf(toolReads);
            requireNonNull(name, "name is null");
            requireNonNull(pluginId, "pluginId is null");
            requireNonNull(pluginVersion, "pluginVersion is null");
            requireNonNull(jarSha256, "jarSha256 is null");
            requireNonNull(tool, "tool is null");
            requireNonNull(toolSha256, "toolSha256 is null");
        }
    }

    /** The key: SHA-256 of {@link #encode()}. */
    public CacheKey key() {
        return new CacheKey(FileDigests.sha256(encode()));
    }

    /** The canonical encoding: {@value #FORMAT}, then each field as {@code tag len:bytes}. */
    public byte[] encode() {
        Encoder out = new Encoder();
        out.field("format", FORMAT);
        out.field("driver", driverVersion);
        out.field("model", modelSha256);
        out.field("jobs", Integer.toString(jobs.size()));
        for (JobFingerprint job : jobs) {
            out.field("job", job.name());
            out.field("plugin", job.pluginId());
            out.field("version", job.pluginVersion());
            out.field("jar", job.jarSha256());
            out.field("tool", job.tool().orElse(""));
            out.field("tool-sha256", job.toolSha256().orElse(""));
            out.field("tool-reads", Integer.toString(job.toolReads().size()));
            job.toolReads().forEach(read -> out.field("reads", read));
        }
        out.field("options", Integer.toString(options.size()));
        options.forEach((job, values) -> {
            out.field("options-of", job);
            out.field("count", Integer.toString(values.size()));
            values.forEach((name, list) -> {
                out.field("option", name);
                out.field("values", Integer.toString(list.size()));
                list.forEach(value -> out.field("value", value));
            });
        });
        return out.bytes();
    }

    /** Sorted, immutable copies: the order options were given in does not change the key. */
    private static Map<String, Map<String, List<String>>> sorted(Map<String, Map<String, List<String>>> options) {
        SortedMap<String, Map<String, List<String>>> byJob = new TreeMap<>();
        options.forEach((job, values) -> {
            SortedMap<String, List<String>> byName = new TreeMap<>();
            values.forEach((name, list) -> byName.put(name, List.copyOf(list)));
            byJob.put(job, Collections.unmodifiableSortedMap(byName));
        });
        return Collections.unmodifiableSortedMap(byJob);
    }

    private static final class Encoder {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        void field(String tag, String value) {
            byte[] data = value.getBytes(StandardCharsets.UTF_8);
            bytes.writeBytes((tag + " " + data.length + ":").getBytes(StandardCharsets.US_ASCII));
            bytes.writeBytes(data);
            bytes.write('\n');
        }

        byte[] bytes() {
            return bytes.toByteArray();
        }
    }
}

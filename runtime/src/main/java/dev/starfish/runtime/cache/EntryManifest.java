package dev.starfish.runtime.cache;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.runtime.json.JsonTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * {@code manifest.json} of a cache entry: what the entry holds and how to verify it.
 * <pre>
 * {"format":"starfish-compile-cache-entry/1", "key":"…64 hex…",
 *  "neff":{"file":"output.neff","size":1234,"sha256":"…"},
 *  "created":"2026-11-30T12:00:00Z", "model":"mlp.hlo", "subgraphs":1, "starfish_version":"0.1.0"}
 * </pre>
 *
 * @param key the entry's key (equal to its directory name)
 * @param neffSize the {@code .neff}'s size in bytes
 * @param neffSha256 the {@code .neff}'s SHA-256
 * @param created when the entry was stored
 * @param modelFileName the file name of the model first compiled into it (information only)
 * @param subgraphs how many subgraphs that compile had
 * @param driverVersion the Starfish version that stored it
 */
public record EntryManifest(CacheKey key, long neffSize, String neffSha256, Instant created, String modelFileName,
        int subgraphs, String driverVersion) {

    static final String FORMAT = "starfish-compile-cache-entry/1";
    static final String FILE = "manifest.json";
    static final String NEFF = "output.neff";
    /** A manifest is a few hundred bytes; a larger file is not one of ours. */
    static final int MAX_BYTES = 64 * 1024;

    public EntryManifest {
        requireNonNull(key, "key is null");
        requireNonNull(neffSha256, "neffSha256 is null");
        requireNonNull(created, "created is null");
        requireNonNull(modelFileName, "modelFileName is null");
        requireNonNull(driverVersion, "driverVersion is null");
    }

    byte[] toJson() {
        ObjectNode root = JsonTrees.object();
        root.put("format", FORMAT);
        root.put("key", key.hex());
        ObjectNode neff = root.putObject("neff");
        neff.put("file", NEFF);
        neff.put("size", neffSize);
        neff.put("sha256", neffSha256);
        root.put("created", created.toString());
        root.put("model", modelFileName);
        root.put("subgraphs", subgraphs);
        root.put("starfish_version", driverVersion);
        return (JsonTrees.pretty(root) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Parses a manifest.
     *
     * @throws IOException naming what is wrong: not JSON, another format, a missing or malformed field
     */
    static EntryManifest parse(byte[] json) throws IOException {
        JsonNode root;
        try {
            root = JsonTrees.read(json);
        } catch (IOException e) {
            throw new IOException("the manifest is not JSON");
        }
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            throw new IOException("the manifest's format is not " + FORMAT);
        }
        String key = root.path("key").asText();
        String sha = root.path("neff").path("sha256").asText();
        JsonNode size = root.path("neff").path("size");
        if (!CacheKey.isKey(key) || !CacheKey.isKey(sha) || !size.canConvertToLong() || size.asLong() < 0
                || !EntryManifest.NEFF.equals(root.path("neff").path("file").asText())) {
            throw new IOException("the manifest lacks a valid key, neff size or neff sha256");
        }
        try {
            return new EntryManifest(new CacheKey(key), size.asLong(), sha, Instant.parse(root.path("created").asText()),
                    root.path("model").asText(), root.path("subgraphs").asInt(0), root.path("starfish_version").asText());
        } catch (DateTimeParseException e) {
            throw new IOException("the manifest's created time is not an instant");
        }
    }
}

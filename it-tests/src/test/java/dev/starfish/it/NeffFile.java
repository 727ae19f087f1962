package dev.starfish.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A {@code .neff} copied out of a container: a POSIX tar whose {@code manifest.json}
 * ({@code {"format":"starfish-neff","toolchain_version":..,"entries":[{"name","size","sha256"}..]}},
 * docs/toolchain-contract.md) lists every other member with its size and SHA-256.
 */
final class NeffFile {

    private final String label;
    private final Map<String, byte[]> entries;

    NeffFile(String label, byte[] tar) {
        this.label = label;
        this.entries = TarEntries.read(tar);
    }

    Map<String, byte[]> entries() {
        return entries;
    }

    /** The parsed {@code manifest.json}. */
    JsonNode manifest() {
        byte[] manifest = entries.get("manifest.json");
        assertThat(manifest).as("%s holds manifest.json (members: %s)", label, entries.keySet()).isNotNull();
        try {
            return new ObjectMapper().readTree(manifest);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The manifest's entries. */
    List<JsonNode> manifestEntries() {
        JsonNode root = manifest();
        assertThat(root.path("format").asText()).as("manifest.json of %s says its format", label)
                .isEqualTo("starfish-neff");
        assertThat(root.path("toolchain_version").asText()).as("manifest.json of %s names the toolchain version",
                label).isNotBlank();
        JsonNode list = root.path("entries");
        assertThat(list.isArray()).as("manifest.json of %s has an entries array: %s", label, root).isTrue();
        List<JsonNode> result = new ArrayList<>();
        list.forEach(result::add);
        return result;
    }

    /** Asserts every manifest entry is a member with the listed size and SHA-256, including the kgraph and a BIR. */
    void assertManifestMatchesContent() {
        List<JsonNode> listed = manifestEntries();
        assertThat(listed).as("manifest of %s lists entries", label).isNotEmpty();
        List<String> names = new ArrayList<>();
        for (JsonNode entry : listed) {
            String name = entry.path("name").asText();
            names.add(name);
            byte[] content = entries.get(name);
            assertThat(content).as("%s: manifest entry '%s' is in the archive", label, name).isNotNull();
            assertThat(entry.path("size").asLong(-1)).as("%s: size of %s matches the manifest", label, name)
                    .isEqualTo(content.length);
            assertThat(entry.path("sha256").asText()).as("%s: SHA-256 of %s matches the manifest", label, name)
                    .isEqualToIgnoringCase(sha256(content));
        }
        assertThat(names).as("%s: manifest lists the kernel graph", label).anyMatch(n -> n.endsWith("kgraph.json"));
        assertThat(names).as("%s: manifest lists a BIR per subgraph", label)
                .anyMatch(n -> n.matches("sg\\d+/model\\.bir"));
    }

    static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

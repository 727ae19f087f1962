package dev.starfish.jobs.kelper;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.JobException;
import java.util.HashMap;
import java.util.Map;

/**
 * The content of {@code kgraph.json}, the linked kernel graph:
 * <pre>
 * {"subgraphs":[{"name":"sg00", "bir":"sg00/model.bir", "sha256":"…",
 *                "inputs":[{"name":"Arg_0.1","shape":[4,8]}, …], "outputs":[…]}, …],
 *  "penguin_version":2, "jackson_version":"2.17.2"}
 * </pre>
 * A subgraph's inputs and outputs are its parameters and outputs in {@code tensor_map.json};
 * empty when the tensor map does not list it. Written with the Jackson this plugin bundles.
 * Not thread-safe; one instance per compile.
 */
final class KernelGraph {

    private final ObjectMapper mapper = new ObjectMapper();
    private final ObjectNode root = mapper.createObjectNode();
    private final ArrayNode subgraphs = root.putArray("subgraphs");
    private final Map<String, JsonNode> signatures = new HashMap<>();

    /**
     * @param tensorMapJson the text of {@code tensor_map.json}, or {@code null} when there is none
     */
    KernelGraph(String tensorMapJson, int penguinVersion, String jacksonVersion) {
        root.put("penguin_version", penguinVersion);
        root.put("jackson_version", requireNonNull(jacksonVersion, "jacksonVersion is null"));
        if (tensorMapJson != null) {
            readSignatures(tensorMapJson);
        }
    }

    /** Adds a subgraph, linked in order. */
    KernelGraph addSubgraph(String name, String birPath, String sha256) {
        ObjectNode subgraph = subgraphs.addObject();
        subgraph.put("name", name);
        subgraph.put("bir", birPath);
        subgraph.put("sha256", sha256);
        JsonNode signature = signatures.get(name);
        subgraph.set("inputs", tensors(signature, "parameters"));
        subgraph.set("outputs", tensors(signature, "outputs"));
        return this;
    }

    /** The pretty-printed JSON text, ending in a newline. */
    String toJson() {
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the kernel graph", e);
        }
    }

    private void readSignatures(String tensorMapJson) {
        JsonNode tensorMap;
        try {
            tensorMap = mapper.readTree(tensorMapJson);
        } catch (JsonProcessingException e) {
            throw new JobException("tensor_map.json is not valid JSON: " + e.getOriginalMessage(), e);
        }
        JsonNode list = tensorMap == null ? null : tensorMap.get("subgraphs");
        if (list == null || !list.isArray()) {
            throw new JobException("tensor_map.json has no 'subgraphs' array");
        }
        for (JsonNode subgraph : list) {
            JsonNode name = subgraph.get("name");
            if (name != null && name.isTextual()) {
                signatures.put(name.asText(), subgraph);
            }
        }
    }

    private JsonNode tensors(JsonNode signature, String field) {
        JsonNode tensors = signature == null ? null : signature.get(field);
        return tensors != null && tensors.isArray() ? tensors.deepCopy() : mapper.createArrayNode();
    }
}

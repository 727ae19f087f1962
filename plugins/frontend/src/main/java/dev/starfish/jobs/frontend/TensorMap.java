package dev.starfish.jobs.frontend;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.JobException;

/**
 * The content of {@code tensor_map.json}: for every subgraph, in order, its parameters and
 * outputs with their shapes (as penguin's {@code signature} reports them), plus the
 * versions of penguin and Jackson that wrote it:
 * <pre>
 * {"penguin_version":1, "jackson_version":"2.23.0",
 *  "subgraphs":[{"name":"sg00", "hlo":"sg00/model.hlo",
 *                "parameters":[{"name":"Arg_0.1","shape":[4,8]}, ...],
 *                "outputs":[{"name":"tanh.15","shape":[4,4]}]}, ...]}
 * </pre>
 * Written with the Jackson this plugin bundles. Not thread-safe; one instance per compile.
 */
final class TensorMap {

    private final ObjectMapper mapper = new ObjectMapper();
    private final ObjectNode root = mapper.createObjectNode();
    private final ArrayNode subgraphs;

    TensorMap(int penguinVersion, String jacksonVersion) {
        root.put("penguin_version", penguinVersion);
        root.put("jackson_version", requireNonNull(jacksonVersion, "jacksonVersion is null"));
        subgraphs = root.putArray("subgraphs");
    }

    /** Adds a subgraph from penguin's signature JSON {@code {"parameters":[..],"outputs":[..]}}. */
    TensorMap addSubgraph(String name, String hloPath, String signatureJson) {
        JsonNode signature;
        try {
            signature = mapper.readTree(signatureJson);
        } catch (JsonProcessingException e) {
            throw new JobException("penguin returned an unreadable signature for " + name + ": " + e.getOriginalMessage(), e);
        }
        ObjectNode subgraph = subgraphs.addObject();
        subgraph.put("name", name);
        subgraph.put("hlo", hloPath);
        subgraph.set("parameters", tensors(signature, "parameters", name));
        subgraph.set("outputs", tensors(signature, "outputs", name));
        return this;
    }

    /** The pretty-printed JSON text, ending in a newline. */
    String toJson() {
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the tensor map", e);
        }
    }

    private static JsonNode tensors(JsonNode signature, String field, String subgraph) {
        JsonNode tensors = signature == null ? null : signature.get(field);
        if (tensors == null || !tensors.isArray()) {
            throw new JobException("penguin's signature of " + subgraph + " has no '" + field
                    + "' array, found: " + signature);
        }
        return tensors;
    }
}

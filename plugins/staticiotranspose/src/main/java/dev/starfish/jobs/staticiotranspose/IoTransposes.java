package dev.starfish.jobs.staticiotranspose;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.JobException;

/**
 * Derives {@code io_transposes.json} from {@code tensor_map.json}.
 *
 * <p>For every subgraph, every parameter and output gets its static device layout:
 * <ul>
 *   <li>{@code minor_to_major}: the tensor's dimensions from the fastest-varying to the
 *       slowest-varying in the device buffer, as in XLA's layout {@code {1,0}}. Starfish
 *       keeps XLA's default row-major layout, so for a rank-{@code r} tensor it is
 *       {@code [r-1, …, 1, 0]} ({@code [1,0]} for a matrix, {@code []} for a scalar);</li>
 *   <li>{@code transpose}: whether the runtime must permute the tensor between the host's
 *       layout and the device's; always {@code false}, as the layouts are the same.</li>
 * </ul>
 * <pre>
 * {"layout":"minor_to_major",
 *  "subgraphs":[{"name":"sg00",
 *                "parameters":[{"name":"Arg_0.1","shape":[4,8],"minor_to_major":[1,0],"transpose":false}],
 *                "outputs":[…]}]}
 * </pre>
 */
final class IoTransposes {

    private final ObjectMapper mapper = new ObjectMapper();

    /** The {@code io_transposes.json} text for the {@code tensor_map.json} text, ending in a newline. */
    String fromTensorMap(String tensorMapJson) {
        JsonNode tensorMap;
        try {
            tensorMap = mapper.readTree(tensorMapJson);
        } catch (JsonProcessingException e) {
            throw new JobException("tensor_map.json is not valid JSON: " + e.getOriginalMessage(), e);
        }
        JsonNode subgraphs = tensorMap == null ? null : tensorMap.get("subgraphs");
        if (subgraphs == null || !subgraphs.isArray()) {
            throw new JobException("tensor_map.json has no 'subgraphs' array");
        }
        ObjectNode root = mapper.createObjectNode();
        root.put("layout", "minor_to_major");
        ArrayNode out = root.putArray("subgraphs");
        for (JsonNode subgraph : subgraphs) {
            String name = subgraph.path("name").asText();
            ObjectNode entry = out.addObject();
            entry.put("name", name);
            entry.set("parameters", layouts(subgraph.get("parameters"), name));
            entry.set("outputs", layouts(subgraph.get("outputs"), name));
        }
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the io transposes", e);
        }
    }

    private ArrayNode layouts(JsonNode tensors, String subgraph) {
        ArrayNode out = mapper.createArrayNode();
        if (tensors == null) {
            return out;
        }
        for (JsonNode tensor : tensors) {
            JsonNode shape = tensor.get("shape");
            if (shape == null || !shape.isArray()) {
                throw new JobException("tensor_map.json: tensor " + tensor.path("name").asText("?") + " of "
                        + subgraph + " has no 'shape' array");
            }
            ObjectNode layout = out.addObject();
            layout.put("name", tensor.path("name").asText());
            layout.set("shape", shape.deepCopy());
            ArrayNode minorToMajor = layout.putArray("minor_to_major");
            for (int dim = shape.size() - 1; dim >= 0; dim--) {
                minorToMajor.add(dim);
            }
            layout.put("transpose", false);
        }
        return out;
    }
}

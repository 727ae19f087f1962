package dev.starfish.jobs.kelper;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.starfish.api.JobException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The content of {@code kgraph.json}, the linked kernel graph:
 * <pre>
 * {"subgraphs":[{"name":"sg00", "bir":"sg00/model.bir", "sha256":"…",
 *                "inputs":[{"name":"Arg_0.1","shape":[4,8]}, …], "outputs":[…]}, …],
 *  "penguin_version":2, "jackson_version":"2.17.2"}
 * </pre>
 * A subgraph's inputs and outputs are its parameters and outputs in {@code tensor_map.json};
 * empty when the tensor map does not list it. Written with the Jackson this plugin bundles, through
 * its streaming API only (the data-binding layer would cost a cold JVM hundreds of classes).
 * Not thread-safe; one instance per compile.
 */
final class KernelGraph {

    private static final JsonFactory JSON = new JsonFactory();
    private static final String EMPTY = "[]";

    private final int penguinVersion;
    private final String jacksonVersion;
    /** Per subgraph name: the compact text of its "parameters" and "outputs" arrays in the tensor map. */
    private final Map<String, Map<String, String>> signatures = new HashMap<>();
    private final List<String[]> linked = new ArrayList<>();

    /**
     * @param tensorMapJson the text of {@code tensor_map.json}, or {@code null} when there is none
     */
    KernelGraph(String tensorMapJson, int penguinVersion, String jacksonVersion) {
        this.penguinVersion = penguinVersion;
        this.jacksonVersion = requireNonNull(jacksonVersion, "jacksonVersion is null");
        if (tensorMapJson != null) {
            readSignatures(tensorMapJson);
        }
    }

    /** Adds a subgraph, linked in order. */
    KernelGraph addSubgraph(String name, String birPath, String sha256) {
        linked.add(new String[] {name, birPath, sha256});
        return this;
    }

    /** The pretty-printed JSON text, ending in a newline. */
    String toJson() {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = JSON.createGenerator(text).useDefaultPrettyPrinter()) {
            out.writeStartObject();
            out.writeArrayFieldStart("subgraphs");
            for (String[] subgraph : linked) {
                Map<String, String> signature = signatures.getOrDefault(subgraph[0], Map.of());
                out.writeStartObject();
                out.writeStringField("name", subgraph[0]);
                out.writeStringField("bir", subgraph[1]);
                out.writeStringField("sha256", subgraph[2]);
                out.writeFieldName("inputs");
                pretty(out, signature.getOrDefault("parameters", EMPTY));
                out.writeFieldName("outputs");
                pretty(out, signature.getOrDefault("outputs", EMPTY));
                out.writeEndObject();
            }
            out.writeEndArray();
            out.writeNumberField("penguin_version", penguinVersion);
            out.writeStringField("jackson_version", jacksonVersion);
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialize the kernel graph", e);
        }
        return text + "\n";
    }

    /** Writes a stored array through the generator, so it is indented like the rest. */
    private static void pretty(JsonGenerator out, String array) throws IOException {
        try (JsonParser in = JSON.createParser(array)) {
            in.nextToken();
            out.copyCurrentStructure(in);
        }
    }

    private void readSignatures(String tensorMapJson) {
        try (JsonParser in = JSON.createParser(tensorMapJson)) {
            boolean found = false;
            if (in.nextToken() == JsonToken.START_OBJECT) {
                while (in.nextToken() == JsonToken.FIELD_NAME) {
                    boolean list = "subgraphs".equals(in.getCurrentName()) && in.nextToken() == JsonToken.START_ARRAY;
                    if (!list) {
                        in.nextToken();
                        in.skipChildren();
                        continue;
                    }
                    found = true;
                    while (in.nextToken() != JsonToken.END_ARRAY) {
                        readSubgraph(in);
                    }
                }
            }
            if (!found) {
                throw new JobException("tensor_map.json has no 'subgraphs' array");
            }
        } catch (JsonProcessingException e) {
            throw new JobException("tensor_map.json is not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One element of "subgraphs": remembered by its name when it has one, with its tensor arrays. */
    private void readSubgraph(JsonParser in) throws IOException {
        if (in.currentToken() != JsonToken.START_OBJECT) {
            in.skipChildren();
            return;
        }
        String name = null;
        Map<String, String> tensors = new HashMap<>();
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.getCurrentName();
            JsonToken value = in.nextToken();
            if (field.equals("name") && value == JsonToken.VALUE_STRING) {
                name = in.getText();
            } else if (value == JsonToken.START_ARRAY && (field.equals("parameters") || field.equals("outputs"))) {
                StringWriter compact = new StringWriter();
                try (JsonGenerator copy = JSON.createGenerator(compact)) {
                    copy.copyCurrentStructure(in);
                }
                tensors.put(field, compact.toString());
            } else {
                in.skipChildren();
            }
        }
        if (name != null) {
            signatures.put(name, tensors);
        }
    }
}

package dev.starfish.jobs.frontend;

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
 * The content of {@code tensor_map.json}: for every subgraph, in order, its parameters and
 * outputs with their shapes (as penguin's {@code signature} reports them), plus the
 * versions of penguin and Jackson that wrote it:
 * <pre>
 * {"penguin_version":1, "jackson_version":"2.23.0",
 *  "subgraphs":[{"name":"sg00", "hlo":"sg00/model.hlo",
 *                "parameters":[{"name":"Arg_0.1","shape":[4,8]}, ...],
 *                "outputs":[{"name":"tanh.15","shape":[4,4]}]}, ...]}
 * </pre>
 * Written with the Jackson this plugin bundles, through its streaming API only: the data-binding
 * layer costs a cold JVM hundreds of classes for two small files (docs/benchmarks.md). Not
 * thread-safe; one instance per compile.
 */
final class TensorMap {

    private static final JsonFactory JSON = new JsonFactory();

    private final int penguinVersion;
    private final String jacksonVersion;
    private final List<Subgraph> subgraphs = new ArrayList<>();

    private record Subgraph(String name, String hlo, String parameters, String outputs) {
    }

    TensorMap(int penguinVersion, String jacksonVersion) {
        this.penguinVersion = penguinVersion;
        this.jacksonVersion = requireNonNull(jacksonVersion, "jacksonVersion is null");
    }

    /** Adds a subgraph from penguin's signature JSON {@code {"parameters":[..],"outputs":[..]}}. */
    TensorMap addSubgraph(String name, String hloPath, String signatureJson) {
        Map<String, String> arrays = arrays(name, signatureJson);
        subgraphs.add(new Subgraph(name, hloPath, tensors(arrays, "parameters", name, signatureJson),
                tensors(arrays, "outputs", name, signatureJson)));
        return this;
    }

    /** The pretty-printed JSON text, ending in a newline. */
    String toJson() {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = JSON.createGenerator(text).useDefaultPrettyPrinter()) {
            out.writeStartObject();
            out.writeNumberField("penguin_version", penguinVersion);
            out.writeStringField("jackson_version", jacksonVersion);
            out.writeArrayFieldStart("subgraphs");
            for (Subgraph subgraph : subgraphs) {
                write(out, subgraph);
            }
            out.writeEndArray();
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialize the tensor map", e);
        }
        return text.append('\n').toString();
    }

    private static void write(JsonGenerator out, Subgraph subgraph) throws IOException {
        out.writeStartObject();
        out.writeStringField("name", subgraph.name());
        out.writeStringField("hlo", subgraph.hlo());
        copy(out, "parameters", subgraph.parameters());
        copy(out, "outputs", subgraph.outputs());
        out.writeEndObject();
    }

    private static void copy(JsonGenerator out, String field, String array) throws IOException {
        out.writeFieldName(field);
        try (JsonParser in = JSON.createParser(array)) {
            in.nextToken();
            out.copyCurrentStructure(in);
        }
    }

    /** The compact text of each array-valued field of the signature object. */
    private static Map<String, String> arrays(String subgraph, String signatureJson) {
        Map<String, String> arrays = new HashMap<>();
        try (JsonParser in = JSON.createParser(signatureJson)) {
            if (in.nextToken() != JsonToken.START_OBJECT) {
                return arrays;
            }
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String field = in.getCurrentName();
                if (in.nextToken() == JsonToken.START_ARRAY) {
                    arrays.put(field, compact(in));
                } else {
                    in.skipChildren();
                }
            }
            return arrays;
        } catch (JsonProcessingException e) {
            throw new JobException("penguin returned an unreadable signature for " + subgraph + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The compact text of the array the parser is at. */
    private static String compact(JsonParser in) throws IOException {
        StringWriter array = new StringWriter();
        try (JsonGenerator out = JSON.createGenerator(array)) {
            out.copyCurrentStructure(in);
        }
        return array.toString();
    }

    private static String tensors(Map<String, String> arrays, String field, String subgraph, String signatureJson) {
        String tensors = arrays.get(field);
        if (tensors == null) {
            throw new JobException("penguin's signature of " + subgraph + " has no '" + field
                    + "' array, found: " + signatureJson.strip());
        }
        return tensors;
    }
}

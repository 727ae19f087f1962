package dev.starfish.jobs.staticiotranspose;

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
import java.util.List;

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
 * Read and written with Jackson's streaming API only: the data-binding layer would cost a cold
 * JVM hundreds of classes for two small files.
 */
final class IoTransposes {

    private static final JsonFactory JSON = new JsonFactory();

    /** A tensor of the tensor map: its name and its shape's numbers ({@code null} when it has no shape array). */
    private record Tensor(String name, List<Number> shape) {
    }

    /** A subgraph of the tensor map. */
    private static final class Subgraph {
        private String name = "";
        private final List<Tensor> parameters = new ArrayList<>();
        private final List<Tensor> outputs = new ArrayList<>();
    }

    /** The {@code io_transposes.json} text for the {@code tensor_map.json} text, ending in a newline. */
    String fromTensorMap(String tensorMapJson) {
        List<Subgraph> subgraphs;
        try (JsonParser in = JSON.createParser(tensorMapJson)) {
            subgraphs = readTensorMap(in);
        } catch (JsonProcessingException e) {
            throw new JobException("tensor_map.json is not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringWriter text = new StringWriter();
        try (JsonGenerator out = JSON.createGenerator(text).useDefaultPrettyPrinter()) {
            out.writeStartObject();
            out.writeStringField("layout", "minor_to_major");
            out.writeArrayFieldStart("subgraphs");
            for (Subgraph subgraph : subgraphs) {
                out.writeStartObject();
                out.writeStringField("name", subgraph.name);
                writeLayouts(out, "parameters", subgraph.parameters, subgraph.name);
                writeLayouts(out, "outputs", subgraph.outputs, subgraph.name);
                out.writeEndObject();
            }
            out.writeEndArray();
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialize the io transposes", e);
        }
        return text + "\n";
    }

    private static List<Subgraph> readTensorMap(JsonParser in) throws IOException {
        List<Subgraph> subgraphs = null;
        if (in.nextToken() == JsonToken.START_OBJECT) {
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String field = in.getCurrentName();
                if (in.nextToken() == JsonToken.START_ARRAY && field.equals("subgraphs")) {
                    subgraphs = new ArrayList<>();
                    while (in.nextToken() != JsonToken.END_ARRAY) {
                        subgraphs.add(readSubgraph(in));
                    }
                } else {
                    in.skipChildren();
                }
            }
        }
        if (subgraphs == null) {
            throw new JobException("tensor_map.json has no 'subgraphs' array");
        }
        return subgraphs;
    }

    private static Subgraph readSubgraph(JsonParser in) throws IOException {
        Subgraph subgraph = new Subgraph();
        if (in.currentToken() != JsonToken.START_OBJECT) {
            in.skipChildren();
            return subgraph;
        }
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.getCurrentName();
            JsonToken value = in.nextToken();
            if (field.equals("name") && value.isScalarValue()) {
                subgraph.name = in.getValueAsString("");
            } else if (value == JsonToken.START_ARRAY && field.equals("parameters")) {
                readTensors(in, subgraph.parameters);
            } else if (value == JsonToken.START_ARRAY && field.equals("outputs")) {
                readTensors(in, subgraph.outputs);
            } else {
                in.skipChildren();
            }
        }
        return subgraph;
    }

    private static void readTensors(JsonParser in, List<Tensor> tensors) throws IOException {
        while (in.nextToken() != JsonToken.END_ARRAY) {
            if (in.currentToken() != JsonToken.START_OBJECT) {
                in.skipChildren();
                tensors.add(new Tensor("", null));
                continue;
            }
            String name = null;
            List<Number> shape = null;
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String field = in.getCurrentName();
                JsonToken value = in.nextToken();
                if (field.equals("name") && value.isScalarValue()) {
                    name = in.getValueAsString("");
                } else if (field.equals("shape") && value == JsonToken.START_ARRAY) {
                    shape = new ArrayList<>();
                    while (in.nextToken() != JsonToken.END_ARRAY) {
                        shape.add(in.currentToken().isNumeric() ? in.getNumberValue() : null);
                        in.skipChildren();
                    }
                } else {
                    in.skipChildren();
                }
            }
            tensors.add(new Tensor(name, shape));
        }
    }

    private static void writeLayouts(JsonGenerator out, String field, List<Tensor> tensors, String subgraph)
            throws IOException {
        out.writeArrayFieldStart(field);
        for (Tensor tensor : tensors) {
            if (tensor.shape() == null) {
                throw new JobException("tensor_map.json: tensor " + (tensor.name() == null ? "?" : tensor.name()) + " of "
                        + subgraph + " has no 'shape' array");
            }
            out.writeStartObject();
            out.writeStringField("name", tensor.name() == null ? "" : tensor.name());
            out.writeArrayFieldStart("shape");
            for (Number dim : tensor.shape()) {
                if (dim == null) {
                    out.writeNull();
                } else {
                    out.writeNumber(dim.toString());
                }
            }
            out.writeEndArray();
            out.writeArrayFieldStart("minor_to_major");
            for (int dim = tensor.shape().size() - 1; dim >= 0; dim--) {
                out.writeNumber(dim);
            }
            out.writeEndArray();
            out.writeBooleanField("transpose", false);
            out.writeEndObject();
        }
        out.writeEndArray();
    }
}

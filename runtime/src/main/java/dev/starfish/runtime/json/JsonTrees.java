package dev.starfish.runtime.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * JSON trees (Jackson's {@link JsonNode}s) written and read through Jackson's streaming layer,
 * never through an {@code ObjectMapper}. A cold JVM pays 25–30 ms for its first mapper (some 250
 * data-binding classes initialised, plus the locale and calendar data of its date format), and a
 * compile made two of them only to write {@code compile.json}, {@code report.json} and
 * {@code trace.json} (docs/benchmarks.md). The text is byte for byte what the mapper's
 * (pretty-printing) writer gives, and {@link #read} builds the tree its {@code readTree} builds
 * (JsonTreesTest holds both to that).
 */
public final class JsonTrees {

    /** Thread-safe once made; the factory's defaults are the mapper's. */
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() {
    }

    /** A new, empty object node. */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /** The tree as JSON with Jackson's default pretty printer (2-space indent, {@code " : "}), no newline at the end. */
    public static String pretty(JsonNode tree) {
        return write(tree, true);
    }

    /** The tree as compact JSON. */
    public static String compact(JsonNode tree) {
        return write(tree, false);
    }

    private static String write(JsonNode tree, boolean pretty) {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = FACTORY.createGenerator(text); JsonParser in = tree.traverse()) {
            if (pretty) {
                out.useDefaultPrettyPrinter();
            }
            in.nextToken();
            out.copyCurrentStructure(in);
        } catch (IOException e) {
            // a tree in memory written to a string: no I/O can fail
            throw new UncheckedIOException("cannot write a JSON tree", e);
        }
        return text.toString();
    }

    /**
     * The tree of a JSON document: the same nodes as the mapper's {@code readTree} (ints, longs and
     * big integers by size, doubles, the last of duplicate keys), under the factory's limits of
     * nesting depth and token size.
     *
     * @throws IOException when the bytes are not one JSON value (Jackson's message says where)
     */
    public static JsonNode read(byte[] json) throws IOException {
        try (JsonParser in = FACTORY.createParser(json)) {
            JsonToken first = in.nextToken();
            if (first == null) {
                throw new IOException("no JSON value: the input is empty");
            }
            JsonNode tree = value(in);
            if (in.nextToken() != null) {
                throw new IOException("more than one JSON value, the second at " + in.currentLocation().offsetDescription());
            }
            return tree;
        }
    }

    private static JsonNode value(JsonParser in) throws IOException {
        switch (in.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                while (in.nextToken() == JsonToken.FIELD_NAME) {
                    String name = in.currentName();
                    in.nextToken();
                    object.set(name, value(in));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                while (in.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(in));
                }
                return array;
            }
            case VALUE_STRING -> {
                return NODES.textNode(in.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (in.getNumberType()) {
                    case INT -> NODES.numberNode(in.getIntValue());
                    case LONG -> NODES.numberNode(in.getLongValue());
                    default -> NODES.numberNode(in.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(in.getDoubleValue());
            }
            case VALUE_TRUE -> {
                return NODES.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return NODES.booleanNode(false);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> throw new IOException("unexpected " + in.currentToken() + " at "
                    + in.currentLocation().offsetDescription());
        }
    }
}

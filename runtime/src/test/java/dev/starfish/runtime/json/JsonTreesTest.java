package dev.starfish.runtime.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** JsonTrees writes what ObjectMapper writes and reads what it reads, without making one. */
class JsonTreesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void everyKindOfValueIsWrittenAsTheMapperWritesIt() throws Exception {
        ObjectNode tree = JsonTrees.object();
        tree.put("text", "tab\t quote\" backslash\\ nul\u0000 é 🐟 \u2028");
        tree.put("int", Integer.MIN_VALUE).put("long", Long.MAX_VALUE).put("double", -0.1e-300)
                .put("float", 1.5f).put("big", new BigInteger("123456789012345678901234567890"))
                .put("decimal", new BigDecimal("1.000000000000000000001")).put("yes", true).put("no", false);
        tree.putNull("nothing");
        tree.set("unset", null);
        tree.putObject("empty object");
        tree.putArray("empty array");
        tree.putArray("nested").addObject().putArray("deeper").add(1).add("two").addNull().addArray();

        assertThat(JsonTrees.pretty(tree)).isEqualTo(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        assertThat(JsonTrees.compact(tree)).isEqualTo(MAPPER.writeValueAsString(tree));
    }

    @Test
    void randomTreesAreWrittenAndReadBackAsTheMapperDoes() throws Exception {
        Random random = new Random(20261130);
        for (int i = 0; i < 300; i++) {
            JsonNode tree = randomValue(random, 0);
            String pretty = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
            assertThat(JsonTrees.pretty(tree)).isEqualTo(pretty);
            assertThat(JsonTrees.compact(tree)).isEqualTo(MAPPER.writeValueAsString(tree));
            byte[] bytes = pretty.getBytes(StandardCharsets.UTF_8);
            assertThat(JsonTrees.read(bytes)).isEqualTo(MAPPER.readTree(bytes));
        }
    }

    @Test
    void numbersAreReadAsTheNodesOfTheirSizeAndTheLastOfDuplicateKeysWins() throws Exception {
        byte[] json = "{\"a\":1,\"b\":4294967296,\"c\":18446744073709551616,\"d\":2.5,\"a\":\"again\"}"
                .getBytes(StandardCharsets.UTF_8);

        JsonNode tree = JsonTrees.read(json);

        assertThat(tree).isEqualTo(MAPPER.readTree(json));
        assertThat(tree.get("b").isLong()).isTrue();
        assertThat(tree.get("c").isBigInteger()).isTrue();
        assertThat(tree.get("d").isDouble()).isTrue();
        assertThat(tree.get("a").asText()).isEqualTo("again");
    }

    @Test
    void whatIsNotOneJsonValueIsRefusedWithWhereItWentWrong() {
        assertThatThrownBy(() -> JsonTrees.read(new byte[0])).isInstanceOf(IOException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> JsonTrees.read("{\"a\": [1, 2}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class).hasMessageContaining("line: 1");
        assertThatThrownBy(() -> JsonTrees.read("{} {}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class).hasMessageContaining("more than one JSON value");
        assertThatThrownBy(() -> JsonTrees.read("[".repeat(5000).getBytes(StandardCharsets.UTF_8)))
                .as("nesting deeper than the factory's limit").isInstanceOf(IOException.class)
                .hasMessageContaining("depth");
    }

    private static JsonNode randomValue(Random random, int depth) {
        int kind = random.nextInt(depth > 4 ? 7 : 9);
        return switch (kind) {
            case 0 -> NODES.textNode(randomText(random));
            case 1 -> NODES.numberNode(random.nextInt());
            case 2 -> NODES.numberNode(random.nextLong());
            case 3 -> NODES.numberNode(random.nextDouble() * Math.pow(10, random.nextInt(40) - 20));
            case 4 -> NODES.booleanNode(random.nextBoolean());
            case 5 -> NODES.nullNode();
            case 6 -> NODES.numberNode(new BigInteger(96, random));
            case 7 -> {
                ObjectNode object = NODES.objectNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    object.set(randomText(random), randomValue(random, depth + 1));
                }
                yield object;
            }
            default -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    array.add(randomValue(random, depth + 1));
                }
                yield array;
            }
        };
    }

    private static String randomText(Random random) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(12); i > 0; i--) {
            int pick = random.nextInt(10);
            text.appendCodePoint(pick == 0 ? random.nextInt(0x20) : pick == 1 ? 0x1F41F : pick == 2 ? 0xE9 : 'a' + random.nextInt(26));
        }
        return text.toString();
    }
}

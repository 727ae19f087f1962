package dev.starfish.runtime.plugin;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import dev.starfish.api.JobOption;
import dev.starfish.api.PluginApi;
import dev.starfish.runtime.json.JsonTrees;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a plugin's build-time job index ({@value PluginApi#JOB_INDEX}, written by the plugin API's
 * {@code JobIndexProcessor}): format 1, one object per job class with its whole declaration. Strict:
 * every element must be there with its type, since the host takes the declarations from it instead
 * of from the class files; the registry (its PluginLoader) still holds each against its class when it first
 * loads it.
 */
final class BuildJobIndex {

    static final int FORMAT = 1;

    private BuildJobIndex() {
    }

    /**
     * The declarations by job class, in the index's order.
     *
     * @throws IllegalArgumentException naming the element that is missing or wrong and what was expected
     */
    static Map<String, JobDeclaration> read(byte[] json) {
        JsonNode root;
        try {
            root = JsonTrees.read(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new IllegalArgumentException("it is not JSON: " + e.getOriginalMessage()
                    + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()));
        } catch (IOException e) {
            throw new IllegalArgumentException("it is not JSON: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("expected a JSON object {\"format\": " + FORMAT + ", \"jobs\": [...]}");
        }
        JsonNode format = root.get("format");
        if (format == null || !format.isInt() || format.intValue() != FORMAT) {
            throw new IllegalArgumentException("expected \"format\": " + FORMAT + ", found " + format
                    + " (written by another plugin API's processor?)");
        }
        JsonNode jobs = root.get("jobs");
        if (jobs == null || !jobs.isArray()) {
            throw new IllegalArgumentException("expected \"jobs\" to be an array, found " + jobs);
        }
        Map<String, JobDeclaration> byClass = new LinkedHashMap<>();
        for (int i = 0; i < jobs.size(); i++) {
            Element job = new Element(jobs.get(i), "jobs[" + i + "]");
            String className = job.text("class");
            String name = job.text("name");
            if (!name.equals(JobClassEntry.jobNameOf(className))) {
                throw new IllegalArgumentException(job.where + ".name: expected " + JobClassEntry.jobNameOf(className)
                        + ", the simple name of " + className + ", found " + name);
            }
            try {
                if (byClass.put(className, declaration(job, name)) != null) {
                    throw new IllegalArgumentException("the class " + className + " is listed twice");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(job.where + " (" + className + "): " + e.getMessage(), e);
            }
        }
        return byClass;
    }

    private static JobDeclaration declaration(Element job, String name) {
        List<JobOption> options = new ArrayList<>();
        for (Element o : job.objects("options")) {
            options.add(new JobOption(o.text("name"), o.text("paramLabel"), o.text("description"),
                    o.text("defaultValue"), o.constant("type", JobOption.Type.class)));
        }
        List<Artifacts.Artifact> declares = new ArrayList<>();
        for (Element a : job.objects("artifacts")) {
            declares.add(new Artifacts.Artifact(a.text("name"), a.constant("scope", Artifacts.Scope.class),
                    a.texts("files"), a.flag("intermediate"), false, a.flag("packed")));
        }
        return new JobDeclaration(name, job.constant("kind", JobKind.class), job.optionalText("tool"), options,
                job.texts("consumes"), job.texts("produces"), job.flag("perSubgraph"), job.optionalText("enabledBy"),
                job.text("action"), declares);
    }

    /** One object of the index and where it is, for the messages. */
    private record Element(JsonNode node, String where) {
        Element {
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(where + ": expected an object, found " + node);
            }
        }

        private JsonNode required(String key) {
            JsonNode value = node.get(key);
            if (value == null) {
                throw new IllegalArgumentException(where + "." + key + " is missing");
            }
            return value;
        }

        String text(String key) {
            JsonNode value = required(key);
            if (!value.isTextual()) {
                throw new IllegalArgumentException(where + "." + key + ": expected a string, found " + value);
            }
            return value.textValue();
        }

        Optional<String> optionalText(String key) {
            return required(key).isNull() ? Optional.empty() : Optional.of(text(key));
        }

        boolean flag(String key) {
            JsonNode value = required(key);
            if (!value.isBoolean()) {
                throw new IllegalArgumentException(where + "." + key + ": expected true or false, found " + value);
            }
            return value.booleanValue();
        }

        <E extends Enum<E>> E constant(String key, Class<E> type) {
            String value = text(key);
            try {
                return Enum.valueOf(type, value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + "." + key + ": expected one of "
                        + Arrays.toString(type.getEnumConstants()) + ", found " + value, e);
            }
        }

        List<String> texts(String key) {
            JsonNode value = array(key);
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                if (!value.get(i).isTextual()) {
                    throw new IllegalArgumentException(where + "." + key + "[" + i + "]: expected a string, found "
                            + value.get(i));
                }
                texts.add(value.get(i).textValue());
            }
            return texts;
        }

        List<Element> objects(String key) {
            JsonNode value = array(key);
            List<Element> elements = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                elements.add(new Element(value.get(i), where + "." + key + "[" + i + "]"));
            }
            return elements;
        }

        private JsonNode array(String key) {
            JsonNode value = required(key);
            if (!value.isArray()) {
                throw new IllegalArgumentException(where + "." + key + ": expected an array, found " + value);
            }
            return value;
        }
    }
}

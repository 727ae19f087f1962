package dev.starfish.api.processing;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The text of a build-time job index: {@code {"format": 1, "jobs": [...]}}, one object per job
 * class with every element of its declaration (docs/plugins.md, "The build-time index"). Written
 * by hand because the plugin API ships no library into a plugin's build; the host reads it with
 * Jackson.
 */
final class JobIndexJson {

    /** The index format the host reads; a host refuses an index of any other. */
    static final int FORMAT = 1;

    private JobIndexJson() {
    }

    static String write(Map<String, JobDeclaration> jobsByClass) {
        StringBuilder out = new StringBuilder("{\n  \"format\": ").append(FORMAT).append(",\n  \"jobs\": [");
        String separator = "\n";
        for (Map.Entry<String, JobDeclaration> job : jobsByClass.entrySet()) {
            out.append(separator);
            job(out, job.getKey(), job.getValue());
            separator = ",\n";
        }
        return out.append("\n  ]\n}\n").toString();
    }

    private static void job(StringBuilder out, String className, JobDeclaration d) {
        out.append("    {\"class\": ").append(text(className))
                .append(", \"name\": ").append(text(d.name()))
                .append(", \"kind\": ").append(text(d.kind().name()))
                .append(", \"tool\": ").append(optional(d.tool()))
                .append(",\n     \"consumes\": ").append(texts(d.consumes()))
                .append(", \"produces\": ").append(texts(d.produces()))
                .append(", \"perSubgraph\": ").append(d.perSubgraph())
                .append(", \"enabledBy\": ").append(optional(d.enabledBy()))
                .append(", \"action\": ").append(text(d.action()))
                .append(",\n     \"options\": [");
        String separator = "";
        for (JobOption o : d.options()) {
            out.append(separator).append("{\"name\": ").append(text(o.name()))
                    .append(", \"paramLabel\": ").append(text(o.paramLabel()))
                    .append(", \"description\": ").append(text(o.description()))
                    .append(", \"defaultValue\": ").append(text(o.defaultValue()))
                    .append(", \"type\": ").append(text(o.type().name())).append('}');
            separator = ", ";
        }
        out.append("],\n     \"artifacts\": [");
        separator = "";
        for (Artifacts.Artifact a : d.declares()) {
            out.append(separator).append("{\"name\": ").append(text(a.name()))
                    .append(", \"scope\": ").append(text(a.scope().name()))
                    .append(", \"files\": ").append(texts(a.files()))
                    .append(", \"intermediate\": ").append(a.intermediate())
                    .append(", \"packed\": ").append(a.packed()).append('}');
            separator = ", ";
        }
        out.append("]}");
    }

    private static String optional(Optional<String> value) {
        return value.map(JobIndexJson::text).orElse("null");
    }

    private static String texts(List<String> values) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(text(values.get(i)));
        }
        return out.append(']').toString();
    }

    /** A JSON string (RFC 8259): quotes, backslashes and control characters escaped. */
    static String text(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}

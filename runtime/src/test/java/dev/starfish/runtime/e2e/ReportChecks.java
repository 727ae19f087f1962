package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The report files of a compile's work directory, read and checked: {@code report.json} against
 * its JSON Schema (the one shipped in the runtime jar), {@code trace.json} against the rules of
 * the Trace Event format that viewers rely on.
 */
public final class ReportChecks {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportChecks() {
    }

    /** report.json, after checking that it matches {@code report-v1.schema.json}. */
    public static JsonNode validReport(Path workDir) {
        JsonNode report = read(workDir.resolve("report.json"));
        List<Error> errors = schema().validate(report);
        assertThat(errors).as("report.json of %s matches report-v1.schema.json", workDir).isEmpty();
        return report;
    }

    static Schema schema() {
        try (InputStream in = ReportChecks.class.getResourceAsStream("/dev/starfish/runtime/report/report-v1.schema.json")) {
            assertThat(in).as("the schema is in the runtime jar").isNotNull();
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * trace.json, after checking it: the JSON object form with {@code traceEvents} and
     * {@code displayTimeUnit}; every event has {@code ph}, {@code ts}, {@code pid} and {@code tid};
     * every track with a slice is named by a {@code thread_name} event; and on each track the
     * complete slices nest: two slices are disjoint or one holds the other.
     */
    public static JsonNode validTrace(Path workDir) {
        JsonNode trace = read(workDir.resolve("trace.json"));
        assertThat(trace.isObject()).as("trace.json is the JSON object form").isTrue();
        assertThat(trace.path("displayTimeUnit").asText()).isIn("ms", "ns");
        JsonNode events = trace.path("traceEvents");
        assertThat(events.isArray() && events.size() > 0).as("traceEvents is a non-empty array").isTrue();
        Map<Integer, String> names = new HashMap<>();
        Map<Integer, List<long[]>> slices = new HashMap<>();
        for (JsonNode event : events) {
            for (String field : List.of("ph", "ts", "pid", "tid")) {
                assertThat(event.has(field)).as("event %s has %s", event, field).isTrue();
            }
            assertThat(event.path("ts").isIntegralNumber() && event.path("ts").asLong() >= 0).as("ts of %s", event).isTrue();
            int tid = event.path("tid").asInt();
            if (event.path("ph").asText().equals("M") && event.path("name").asText().equals("thread_name")) {
                names.put(tid, event.path("args").path("name").asText());
            } else if (event.path("ph").asText().equals("X")) {
                assertThat(event.path("dur").isIntegralNumber() && event.path("dur").asLong() >= 0)
                        .as("a complete event has a duration: %s", event).isTrue();
                assertThat(event.path("name").asText()).as("a slice has a name: %s", event).isNotEmpty();
                long ts = event.path("ts").asLong();
                slices.computeIfAbsent(tid, t -> new ArrayList<>()).add(new long[] {ts, ts + event.path("dur").asLong()});
            } else {
                assertThat(event.path("ph").asText()).as("only metadata and complete events: %s", event).isEqualTo("M");
            }
        }
        assertThat(names.keySet()).as("every track with slices is named").containsAll(slices.keySet());
        slices.forEach((tid, list) -> assertNested(names.get(tid), list));
        return trace;
    }

    private static void assertNested(String track, List<long[]> slices) {
        slices.sort(Comparator.comparingLong((long[] s) -> s[0]).thenComparing(s -> -s[1]));
        List<long[]> open = new ArrayList<>();
        for (long[] slice : slices) {
            while (!open.isEmpty() && open.get(open.size() - 1)[1] <= slice[0]) {
                open.remove(open.size() - 1);
            }
            if (!open.isEmpty()) {
                long[] parent = open.get(open.size() - 1);
                assertThat(slice[1]).as("on track %s the slice [%d, %d] starts inside [%d, %d] and must end inside it",
                        track, slice[0], slice[1], parent[0], parent[1]).isLessThanOrEqualTo(parent[1]);
            }
            open.add(slice);
        }
    }

    static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}

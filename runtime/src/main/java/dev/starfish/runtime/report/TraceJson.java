package dev.starfish.runtime.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.runtime.json.JsonTrees;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code trace.json} in the Chrome Trace Event format (the JSON object form, as Bazel's
 * {@code --profile} and clang's {@code -ftime-trace} write it), which Perfetto and
 * {@code chrome://tracing} open: one track ({@code tid}) per thread that ran a job or step,
 * named by a {@code thread_name} metadata event, and one complete event ({@code "ph":"X"}) per
 * job and per step, in microseconds since the compile started. A step runs inside its job on
 * the job's thread, or alone on a subgraph worker's track, so the slices of one track nest.
 */
public final class TraceJson {

    private static final int PID = 1;

    private TraceJson() {
    }

    public static ObjectNode of(CompileReport report) {
        ObjectNode root = JsonTrees.object();
        ArrayNode events = root.putArray("traceEvents");
        events.add(metadata("process_name", 0, "starfish compile " + report.model().getFileName()));
        Map<Long, CompileReport.Track> tracks = report.tracks();
        for (CompileReport.Track track : tracks.values()) {
            events.add(metadata("thread_name", track.tid(), track.name()));
            ObjectNode sort = metadata("thread_sort_index", track.tid(), null);
            ((ObjectNode) sort.get("args")).put("sort_index", track.tid());
            events.add(sort);
        }
        List<ObjectNode> slices = new ArrayList<>();
        for (JobEnd job : report.jobs()) {
            ObjectNode slice = slice(job.start().job(), "job", tracks.get(job.start().worker().threadId()).tid(),
                    report.micros(job.start().nanos()), report.micros(job.nanos()));
            ObjectNode args = slice.putObject("args");
            args.put("index", job.start().index());
            args.put("status", job.outcome().label());
            job.failure().ifPresent(f -> args.put("failure", f));
            slices.add(slice);
        }
        for (StepEnd step : report.steps()) {
            StepStart start = step.start();
            String name = start.job() + (start.subgraph().isEmpty() ? "" : " " + start.subgraph());
            ObjectNode slice = slice(name, "step," + start.kind(), tracks.get(start.worker().threadId()).tid(),
                    report.micros(start.nanos()), report.micros(step.nanos()));
            ObjectNode args = slice.putObject("args");
            args.put("step", start.id());
            args.put("action", start.action());
            step.tool().ifPresent(usage -> args.put("exit", usage.status().describe())
                    .put("user_cpu_ms", usage.userCpuMillis()).put("system_cpu_ms", usage.systemCpuMillis())
                    .put("peak_rss_kb", usage.maxRssKb()));
            start.replayScript().ifPresent(p -> args.put("replay_script", p.toString()));
            step.failure().ifPresent(f -> args.put("failure", f));
            slices.add(slice);
        }
        // Earlier first; of two that start together the longer (the enclosing) first, as viewers expect.
        slices.sort(Comparator.comparingLong((ObjectNode s) -> s.get("ts").asLong())
                .thenComparing(Comparator.comparingLong((ObjectNode s) -> s.get("dur").asLong()).reversed()));
        slices.forEach(events::add);
        root.put("displayTimeUnit", "ms");
        ObjectNode other = root.putObject("otherData");
        other.put("format", "starfish-compile-trace");
        other.put("version", CompileReport.VERSION);
        other.put("model", report.model().toString());
        other.put("started_at", report.startedAt().toString());
        other.put("outcome", report.outcome().label());
        other.put("report", report.workDir().resolve(ReportWriter.REPORT_JSON).toString());
        return root;
    }

    private static ObjectNode metadata(String name, int tid, String value) {
        ObjectNode event = JsonTrees.object();
        event.put("name", name).put("ph", "M").put("ts", 0).put("pid", PID).put("tid", tid);
        ObjectNode args = event.putObject("args");
        if (value != null) {
            args.put("name", value);
        }
        return event;
    }

    private static ObjectNode slice(String name, String category, int tid, long startMicros,
            long endMicros) {
        ObjectNode event = JsonTrees.object();
        event.put("name", name).put("cat", category).put("ph", "X").put("ts", startMicros)
                .put("dur", Math.max(0, endMicros - startMicros)).put("pid", PID).put("tid", tid);
        return event;
    }
}

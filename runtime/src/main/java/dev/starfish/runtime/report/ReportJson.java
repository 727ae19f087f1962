package dev.starfish.runtime.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.starfish.api.ExitStatus;
import dev.starfish.runtime.json.JsonTrees;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code report.json}: the plan, every job and every step of a compile with its times, its
 * tool's exit status and usage, its replay script and its outputs. The layout is versioned
 * ({@link CompileReport#VERSION}), documented in {@code docs/report.md} and checked against
 * {@code report-v1.schema.json} (next to this class) by the tests.
 */
public final class ReportJson {

    public static final String FORMAT = "starfish-compile-report";

    private ReportJson() {
    }

    public static ObjectNode of(CompileReport report) {
        Map<Long, CompileReport.Track> tracks = report.tracks();
        ObjectNode root = JsonTrees.object();
        root.put("format", FORMAT);
        root.put("version", CompileReport.VERSION);
        root.put("starfish_version", report.starfishVersion());
        root.put("model", report.model().toString());
        root.put("work_dir", report.workDir().toString());
        root.put("started_at", report.startedAt().toString());
        root.put("wall_us", report.wallMicros());
        root.put("outcome", report.outcome().label());
        root.set("failure", failure(report));
        ObjectNode cache = root.putObject("cache");
        cache.put("outcome", report.cache().outcome());
        cache.put("key", report.cache().key().orElse(null));
        cache.put("entry", report.cache().entry().map(Path::toString).orElse(null));
        root.set("plan", report.plan().map(plan -> plan(plan)).orElse(null));
        ArrayNode workers = root.putArray("workers");
        tracks.values().forEach(t -> workers.addObject().put("tid", t.tid()).put("name", t.name()));
        ArrayNode jobs = root.putArray("jobs");
        report.jobs().stream().sorted(Comparator.comparingLong(j -> j.start().nanos()))
                .forEach(job -> job(jobs.addObject(), job, JobTotals.of(job, report.steps()), report, tracks));
        ArrayNode steps = root.putArray("steps");
        report.steps().stream().sorted(Comparator.comparingLong(s -> s.start().id()))
                .forEach(step -> step(steps.addObject(), step, report, tracks));
        return root;
    }

    private static ObjectNode failure(CompileReport report) {
        if (report.succeeded()) {
            return null;
        }
        ObjectNode failure = JsonTrees.object();
        failure.put("message", report.failure().get());
        Optional<StepEnd> step = report.failedSteps().stream().findFirst();
        failure.put("step", step.map(s -> s.start().id()).orElse(null));
        failure.put("job", step.map(s -> s.start().job()).orElse(null));
        failure.put("subgraph", step.map(s -> s.start().subgraph()).orElse(null));
        failure.put("replay_script", step.flatMap(s -> s.start().replayScript()).map(Path::toString).orElse(null));
        return failure;
    }

    private static ObjectNode plan(PlannedCompile plan) {
        ObjectNode node = JsonTrees.object();
        node.put("output", plan.output().toString());
        node.put("parallelism", plan.parallelism());
        ArrayNode jobs = node.putArray("jobs");
        for (PlannedCompile.PlannedJob job : plan.jobs()) {
            ObjectNode entry = jobs.addObject();
            entry.put("name", job.name());
            entry.put("kind", job.kind());
            entry.put("tool", job.tool().orElse(null));
            entry.put("per_subgraph", job.perSubgraph());
            job.consumes().forEach(entry.putArray("consumes")::add);
            job.produces().forEach(entry.putArray("produces")::add);
            job.template().forEach(entry.putArray("template")::add);
        }
        return node;
    }

    private static void job(ObjectNode node, JobEnd job, JobTotals totals, CompileReport report,
            Map<Long, CompileReport.Track> tracks) {
        node.put("name", job.start().job());
        node.put("index", job.start().index());
        node.put("worker", tracks.get(job.start().worker().threadId()).tid());
        node.put("start_us", report.micros(job.start().nanos()));
        node.put("wall_us", report.micros(job.nanos()) - report.micros(job.start().nanos()));
        node.put("status", job.outcome().label());
        node.put("failure", job.failure().orElse(null));
        node.put("steps", totals.steps());
        node.put("tool_steps", totals.tools());
        node.put("tool_user_cpu_ms", totals.userCpuMillis());
        node.put("tool_system_cpu_ms", totals.systemCpuMillis());
        node.put("peak_rss_kb", totals.maxRssKb());
    }

    private static void step(ObjectNode node, StepEnd step, CompileReport report, Map<Long, CompileReport.Track> tracks) {
        StepStart start = step.start();
        node.put("id", start.id());
        node.put("job", start.job());
        node.put("subgraph", start.subgraph());
        node.put("kind", start.kind());
        node.put("action", start.action());
        node.put("worker", tracks.get(start.worker().threadId()).tid());
        node.put("start_us", report.micros(start.nanos()));
        node.put("wall_us", report.micros(step.nanos()) - report.micros(start.nanos()));
        node.put("status", step.outcome().label());
        node.put("failure", step.failure().orElse(null));
        node.set("tool", step.tool().map(usage -> tool(usage, node)).orElse(null));
        node.put("replay_script", start.replayScript().map(Path::toString).orElse(null));
        node.put("replay_script_kept", start.keptReplayScript().isPresent());
        ArrayNode outputs = node.putArray("outputs");
        step.outputs().forEach(p -> outputs.add(p.toString()));
    }

    private static ObjectNode tool(ToolUsage usage, ObjectNode parent) {
        ObjectNode tool = parent.objectNode();
        ExitStatus status = usage.status();
        ObjectNode exit = tool.putObject("exit");
        exit.put("kind", status.kind().name().toLowerCase(Locale.ROOT));
        exit.put("code", status.code());
        exit.put("signal", status.signal());
        exit.put("signal_name", status.signalName());
        exit.put("description", status.describe());
        tool.put("wall_ms", usage.wallMillis());
        tool.put("user_cpu_ms", usage.userCpuMillis());
        tool.put("system_cpu_ms", usage.systemCpuMillis());
        tool.put("peak_rss_kb", usage.maxRssKb());
        tool.put("timed_out", usage.timedOut());
        tool.put("cpu_limit_exceeded", usage.cpuLimitExceeded());
        return tool;
    }
}

package dev.starfish.runtime.doctor;

import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.host.Host;
import dev.starfish.runtime.plugin.PluginReport;
import dev.starfish.runtime.registry.JobAvailability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The plugins: each directory of the plugin path with where it came from, every refused or failed
 * jar and why, job names declared by more than one jar (every such jar is refused), and the
 * configured pipeline's jobs all loaded.
 */
final class PluginsCheck implements Check {

    /** How the registry's trust rules end a reason with its fix. */
    private static final String NAMED_FIX = "; fix with ";

    @Override
    public List<Finding> run(Installation installation) {
        if (installation.host().isEmpty()) {
            return List.of(Finding.fail("plugins", "not loaded: " + installation.hostProblem().orElse("unknown reason"),
                    "fix what the message names, then run starfish doctor again"));
        }
        Host host = installation.host().get();
        List<PluginReport> reports = host.registry().plugins();
        PluginPath path = host.registry().pluginPath();
        List<Finding> findings = new ArrayList<>(directories(installation, path, reports));
        Map<String, List<String>> conflicts = conflicts(path, reports);
        for (PluginReport report : host.registry().turnedAway()) {
            if (report.jobs().stream().noneMatch(conflicts::containsKey)) {
                findings.add(refusal(path, report));
            }
        }
        conflicts.forEach((job, jars) -> findings.add(Finding.fail("job names", "job " + job + " is declared by "
                + String.join(" and ", jars) + ", so every one of them is refused", "remove the jar you do not trust"
                + (path.directories().size() == 1 ? " from " + installation.show(path.paths().get(0)) : ""))));
        if (findings.isEmpty()) {
            int jobs = host.registry().jobs().size();
            findings.add(Finding.ok("plugins", reports.size() + " jar" + (reports.size() == 1 ? "" : "s") + " loaded, "
                    + jobs + " job" + (jobs == 1 ? "" : "s") + ", each name from one jar"));
        }
        findings.add(pipeline(host));
        return findings;
    }

    /** One line per directory of the path: where it came from and how many jars it holds. */
    private static List<Finding> directories(Installation installation, PluginPath path, List<PluginReport> reports) {
        List<Finding> lines = new ArrayList<>();
        for (PluginPath.Directory dir : path.directories()) {
            long jars = reports.stream().filter(r -> r.jar().getParent().equals(dir.path())).count();
            lines.add(Finding.ok("plugin dir", installation.show(dir.path()) + " (" + dir.origin().label() + "): "
                    + jars + " jar" + (jars == 1 ? "" : "s")));
        }
        return lines;
    }

    /**
     * The jobs whose name more than one jar declares (PluginAdmission refuses all of them), with those jars in
     * plugin-path order (the installation's directory first), then by file name: the order an operator reads the
     * path in, and the same on every machine whatever the directories are called.
     */
    private static Map<String, List<String>> conflicts(PluginPath path, List<PluginReport> reports) {
        List<Path> dirs = path.paths();
        Comparator<Path> pathOrder = Comparator.<Path>comparingInt(jar -> dirs.indexOf(jar.getParent()))
                .thenComparing(jar -> jar.getFileName().toString());
        Map<String, TreeSet<Path>> jarsByJob = new TreeMap<>();
        for (PluginReport report : reports) {
            if (report.reason().contains("is also declared by")) {
                report.jobs().forEach(job -> jarsByJob.computeIfAbsent(job, k -> new TreeSet<>(pathOrder))
                        .add(report.jar()));
            }
        }
        Map<String, List<String>> named = new TreeMap<>();
        jarsByJob.forEach((job, jars) -> {
            if (jars.size() > 1) {
                named.put(job, jars.stream().map(path::nameOf).toList());
            }
        });
        return named;
    }

    /** A refused or failed jar: its reason, and the fix the reason names or one that fits it. */
    private static Finding refusal(PluginPath path, PluginReport report) {
        String reason = report.reason();
        int named = reason.lastIndexOf(NAMED_FIX);
        String detail = path.nameOf(report.jar()) + " " + report.state().label() + ": "
                + (named < 0 ? reason : reason.substring(0, named));
        return Finding.fail("plugin", detail, named < 0 ? fixFor(report) : reason.substring(named + NAMED_FIX.length()));
    }

    private static String fixFor(PluginReport report) {
        String reason = report.reason();
        String jar = report.jar().toString();
        if (reason.contains("writable")) {
            return "chmod go-w " + (reason.contains("directory") ? report.jar().getParent() : jar);
        }
        if (reason.contains("owned by")) {
            return "chown the jar to yourself or root, or remove it";
        }
        if (reason.contains("symbolic link")) {
            return "replace the link with the jar itself";
        }
        if (reason.contains("plugins.lock")) {
            return "run starfish plugins lock if you trust the jar, else remove it";
        }
        return "rebuild or remove " + jar + " (starfish plugins lint checks a jar)";
    }

    private static Finding pipeline(Host host) {
        List<String> pipeline = host.properties().list(Setting.PIPELINE).stream().filter(s -> !s.isEmpty()).toList();
        List<String> cannotRun = pipeline.stream().filter(job -> JobAvailability.whyNot(host.registry(), job).isPresent())
                .toList();
        if (!cannotRun.isEmpty()) {
            return Finding.fail("pipeline", "job" + (cannotRun.size() == 1 ? " " : "s ") + String.join(", ", cannotRun)
                    + " of the pipeline in " + host.properties().source() + " cannot run (the jars turned away above, "
                    + "or no jar declares them), so every compile stops (exit 2)",
                    "fix the plugin lines above, or edit pipeline= in " + host.properties().source());
        }
        long rejected = pipeline.stream().filter(job -> host.registry().rejectList().rejects(job)).count();
        return Finding.ok("pipeline", pipeline.size() + " jobs, all loaded"
                + (rejected == 0 ? "" : " but " + rejected + " on the reject list (compiles run without them)"));
    }
}

package dev.starfish.runtime.registry;

import dev.starfish.runtime.config.PluginPath;
import dev.starfish.runtime.plugin.PluginReport;
import java.util.List;
import java.util.Optional;

/**
 * Why a job named in the configured pipeline cannot run: its jar was refused or failed to load,
 * or no jar declares it. One reading for {@code compile} (which stops, exit 2) and
 * {@code doctor} (which fails the pipeline), so the two always agree. A job on the reject list
 * is not "unavailable": the operator or the user dropped it on purpose.
 *
 * @param jars the turned-away jars that declare the job, or, when none does, those refused before
 *     their declarations were read (plugins.lock, ownership, mode), any of which may be the job's
 * @param declared whether {@code jars} are known to declare it
 * @param path the plugin path the jars were read from, which says how to name them
 */
public record JobAvailability(List<PluginReport> jars, boolean declared, PluginPath path) {

    public JobAvailability {
        jars = List.copyOf(jars);
    }

    /** Why {@code job} cannot run; empty when it is loaded or rejected. */
    public static Optional<JobAvailability> whyNot(JobRegistry registry, String job) {
        if (registry.contains(job) || registry.rejectList().rejects(job)) {
            return Optional.empty();
        }
        List<PluginReport> declaring = registry.turnedAway().stream().filter(r -> r.jobs().contains(job)).toList();
        if (!declaring.isEmpty()) {
            return Optional.of(new JobAvailability(declaring, true, registry.pluginPath()));
        }
        return Optional.of(new JobAvailability(registry.turnedAway().stream().filter(r -> r.jobs().isEmpty()).toList(),
                false, registry.pluginPath()));
    }

    /** Whether no turned-away jar may be the job's: no installed plugin declares it at all. */
    public boolean undeclared() {
        return jars.isEmpty();
    }

    /** The whole reason, each jar with why it was turned away. */
    public String reason() {
        if (jars.isEmpty()) {
            return "no installed plugin declares it";
        }
        String each = String.join("; ", jars.stream().map(r -> path.nameOf(r.jar()) + " " + r.state().happened(false)
                + ": "
                + r.reason()).toList());
        return declared ? (jars.size() == 1 ? "its jar " : "its jars ") + each
                : "no loaded jar declares it, and " + each + ", so what " + (jars.size() == 1 ? "it declares is"
                        : "they declare is") + " unknown";
    }
}

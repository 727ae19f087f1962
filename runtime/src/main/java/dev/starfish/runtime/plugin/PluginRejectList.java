package dev.starfish.runtime.plugin;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Job names that must not be loaded (the seed's {@code rejected_job_names}), in the order given.
 * The one reader of a reject list: {@code rejected.jobs} and {@code --reject-jobs} both go through
 * {@link #parse}. Immutable.
 */
public final class PluginRejectList {

    private final Set<String> names;

    private PluginRejectList(Set<String> names) {
        this.names = Collections.unmodifiableSet(new LinkedHashSet<>(names));
    }

    public static PluginRejectList none() {
        return new PluginRejectList(Set.of());
    }

    /** Parses a comma- or space-separated list such as the {@code rejected.jobs} property. */
    public static PluginRejectList parse(String list) {
        Set<String> parsed = new LinkedHashSet<>();
        if (list != null) {
            Arrays.stream(list.split("[,\\s]+")).map(String::trim).filter(s -> !s.isEmpty()).forEach(parsed::add);
        }
        return new PluginRejectList(parsed);
    }

    /** This list plus more names. */
    public PluginRejectList with(Collection<String> more) {
        Set<String> union = new LinkedHashSet<>(names);
        union.addAll(more);
        return new PluginRejectList(union);
    }

    public boolean rejects(String jobName) {
        return names.contains(jobName);
    }

    public Set<String> names() {
        return names;
    }
}

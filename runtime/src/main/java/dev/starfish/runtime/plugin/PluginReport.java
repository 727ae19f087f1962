package dev.starfish.runtime.plugin;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.config.PluginPath;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * What became of one jar of the plugins directory, for {@code starfish plugins list} and
 * the {@code refused:} lines of {@code starfish jobs}.
 *
 * @param jar the jar, absolute
 * @param id its {@code Plugin-Id}, or {@code null} when it was not read
 * @param version its {@code Plugin-Version}, or {@code null} when it was not read
 * @param jobs the jobs it declares (loaded or not), empty when it was not read
 * @param state loaded, refused (a trust rule said no) or failed (it could not be read or linked)
 * @param reason why it was refused or failed; empty when loaded
 */
public record PluginReport(Path jar, String id, String version, List<String> jobs, State state, String reason) {

    /** What became of a jar. */
    public enum State {
        LOADED("loaded"), REFUSED("refused"), FAILED("failed");

        private final String label;

        State(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** What happened to a jar in this state, as a sentence says it ("X was refused", "X failed to load"). */
        public String happened(boolean several) {
            return this == FAILED ? "failed to load" : (several ? "were " : "was ") + label;
        }
    }

    public PluginReport {
        requireNonNull(jar, "jar is null");
        jobs = List.copyOf(requireNonNull(jobs, "jobs is null"));
        requireNonNull(state, "state is null");
        requireNonNull(reason, "reason is null");
    }

    /** Reports by directory in the order of {@code path}, then by file name. */
    public static Comparator<PluginReport> inOrderOf(PluginPath path) {
        List<Path> dirs = path.paths();
        return Comparator.<PluginReport>comparingInt(r -> dirs.indexOf(r.jar().getParent()))
                .thenComparing(PluginReport::jarName);
    }

    public String jarName() {
        return jar.getFileName().toString();
    }
}

package dev.starfish.runtime.replay;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code replay_<Job>[_sgNN].sh} of a work directory (docs/toolchain-contract.md): the job
 * and subgraph come from the file's name and place, never from its content, so a script is
 * listed without being read.
 *
 * @param job the job that wrote it
 * @param subgraph {@code sgNN} for a per-subgraph step, empty for a step that ran once per compile
 * @param path the script, absolute
 * @param symbolicLink whether the path is a symbolic link (such a script is listed, never run)
 */
public record ReplayScript(String job, Optional<String> subgraph, Path path, boolean symbolicLink) {

    private static final Pattern NAME = Pattern.compile("replay_(.+?)(?:_(sg\\d+))?\\.sh");
    private static final Pattern SUBGRAPH_DIR = Pattern.compile("sg\\d+");

    public ReplayScript {
        requireNonNull(job, "job is null");
        requireNonNull(subgraph, "subgraph is null");
        requireNonNull(path, "path is null");
    }

    /** The script {@code file} stands for, or empty when its name is not a replay script's. */
    static Optional<ReplayScript> of(Path file, boolean symbolicLink) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        if (!m.matches()) {
            return Optional.empty();
        }
        String dir = file.getParent() == null || file.getParent().getFileName() == null ? ""
                : file.getParent().getFileName().toString();
        Optional<String> subgraph = Optional.ofNullable(m.group(2))
                .or(() -> SUBGRAPH_DIR.matcher(dir).matches() ? Optional.of(dir) : Optional.empty());
        return Optional.of(new ReplayScript(m.group(1), subgraph, file, symbolicLink));
    }

    /** The subgraph as shown in listings: {@code sgNN}, or {@code -} for a once-per-compile step. */
    public String subgraphLabel() {
        return subgraph.orElse("-");
    }
}

package dev.starfish.runtime.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A step started: a job's tool on one subgraph (or once for the compile), or an in-process job's run.
 *
 * @param id the step's number in this compile, from 1, in the order steps started
 * @param job the job's name
 * @param subgraph the subgraph, e.g. {@code sg00}; empty for a once-per-compile step
 * @param kind {@code native} or {@code in-process}
 * @param action the command as a replayable shell line, or what the in-process job does
 * @param replayScript the replay script the launcher writes for a native step
 * @param worker the thread it runs on
 * @param nanos when, by {@link System#nanoTime()}
 */
public record StepStart(long id, String job, String subgraph, String kind, String action, Optional<Path> replayScript,
        Worker worker, long nanos) {

    public StepStart {
        requireNonNull(job, "job is null");
        requireNonNull(subgraph, "subgraph is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(action, "action is null");
        requireNonNull(replayScript, "replayScript is null");
        requireNonNull(worker, "worker is null");
    }

    /** The replay script, when it is still there (a regular file, not a link): a compile without {@code --keep-temps} removes them. */
    public Optional<Path> keptReplayScript() {
        return replayScript.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS));
    }
}

package dev.starfish.api;

import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.Logger;

/**
 * What the host offers a running job: the shared launcher, a logger that tags every line
 * with the job's name, the values of the options the job declared, and a way to process
 * inputs with the compile's parallelism ({@code --jobs N}).
 */
public interface JobContext {

    /** The host's one launcher; the only way a job may start a process. */
    Launcher launcher();

    /** A logger whose lines carry this job's name; they go to the console and the compile's log file. */
    Logger log();

    /** The values of this job's declared options for this compile. */
    JobOptions options();

    /**
     * Runs {@code action} once per input, at most {@code --jobs} at a time, and returns when
     * all are done. The first failure is rethrown after the others finished.
     */
    void forEachInput(List<Subgraph> inputs, Consumer<Subgraph> action);
}

package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.JobContext;
import dev.starfish.api.JobOptions;
import dev.starfish.api.Launcher;
import dev.starfish.api.Subgraph;
import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** The context one job of one compile runs with. */
final class HostJobContext implements JobContext {

    private final String job;
    private final Launcher launcher;
    private final JobOptions options;
    private final SubgraphRunner runner;

    HostJobContext(String job, Launcher launcher, JobOptions options, SubgraphRunner runner) {
        this.job = requireNonNull(job, "job is null");
        this.launcher = requireNonNull(launcher, "launcher is null");
        this.options = requireNonNull(options, "options is null");
        this.runner = requireNonNull(runner, "runner is null");
    }

    @Override
    public Launcher launcher() {
        return launcher;
    }

    @Override
    public Logger log() {
        return LogManager.getLogger("starfish.job." + job);
    }

    @Override
    public JobOptions options() {
        return options;
    }

    @Override
    public void forEachInput(List<Subgraph> inputs, Consumer<Subgraph> action) {
        runner.forEach(job, inputs, action);
    }
}

package dev.starfish.runtime.compile;

import dev.starfish.runtime.registry.RegisteredJob;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Which jobs of a compile are running right now, for messages about an interrupted or aborted compile. */
final class RunningJobs {

    private final List<RegisteredJob> jobs = new CopyOnWriteArrayList<>();

    void enter(RegisteredJob job) {
        jobs.add(job);
    }

    void leave(RegisteredJob job) {
        jobs.remove(job);
    }

    /** {@code job MyJob (myjob-0.1.0.jar)}, or empty when none runs. */
    String describe() {
        return String.join(", ", jobs.stream().map(j -> "job " + j.name() + " (" + j.info().jarName() + ")").toList());
    }
}

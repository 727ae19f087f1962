package dev.starfish.runtime.nativelib;

import dev.starfish.api.Job;
import dev.starfish.api.JobState;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Run in a child JVM (so {@code LD_PRELOAD} can put a library in the global scope first):
 * loads the plugins of {@code args[0]}, runs each {@code SameJob*} and prints what its
 * native library answered. Args: pluginsDir cacheDir deepBind(true|false) shimPath.
 */
public final class NativeProbe {

    private NativeProbe() {
    }

    public static void main(String[] args) {
        NativeSettings settings = new NativeSettings(Path.of(args[1]), Boolean.parseBoolean(args[2]),
                Optional.of(Path.of(args[3])));
        try (JobRegistry registry = JobRegistry.forDirectory(Path.of(args[0]), PluginRejectList.none(), settings)
                .loadAllJobs()) {
            for (var registered : registry.jobs()) {
                Job job = registry.job(registered.name());
                JobState state = new JobState(Path.of("m"), Path.of("/tmp"), Path.of("/tmp"));
                job.run(state, new NativeIsolationTest.NoContext());
                System.out.println(registered.name() + " " + state.artifacts().get(registered.name()));
            }
        }
    }
}

package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Job;
import dev.starfish.api.JobState;
import dev.starfish.runtime.NativeTestBinaries;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening and closing a registry whose plugin binds a real JNI library, a thousand times in
 * one JVM, leaks nothing: every cycle's loader is collected and its library unloaded before
 * the next cycle binds the same file again (the JVM binds a file to one live loader only), and
 * metaspace, threads, file descriptors and mappings stay flat.
 */
class PluginUnloadingTest {

    /** Cycles before the first reading: the host's own methods get profiled meanwhile, and their profiles live in metaspace. */
    private static final int WARM_UP = 100;
    private static final int CYCLES = 1000;

    @TempDir
    Path tmp;

    /** One reading of the process's resources. */
    record Footprint(long metaspaceBytes, int threads, long fds, long mapLines) {
        static Footprint now() throws IOException {
            System.gc();
            long metaspace = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(pool -> pool.getName().equals("Metaspace")).mapToLong(p -> p.getUsage().getUsed()).sum();
            try (var fds = Files.list(Path.of("/proc/self/fd"))) {
                return new Footprint(metaspace, ManagementFactory.getThreadMXBean().getThreadCount(), fds.count(),
                        Files.readAllLines(Path.of("/proc/self/maps"), StandardCharsets.UTF_8).size());
            }
        }
    }

    private Path plugin() throws IOException {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "same-one")
                .source("dev.starfish.fixture.same.Same", "package dev.starfish.fixture.same;\npublic final class Same {"
                        + " public static native int version(); public static native int viaHelper(); }\n")
                .job("fixture.same.SameJob", "package fixture.same;\nimport dev.starfish.api.*;\n"
                        + "import dev.starfish.fixture.same.Same;\n"
                        + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                        + "public class SameJob extends InProcessJob {\n"
                        + "  @Override protected void runOnState(JobState state, JobContext context) {\n"
                        + "    NativeLibrary.load(Same.class, \"same\");\n"
                        + "    state.putArtifact(\"version\", java.nio.file.Path.of(\"\" + Same.version()));\n  }\n}\n")
                .entry("native/linux-x86_64/libsame.so", Files.readAllBytes(NativeTestBinaries.file("testlibs/v1/libsame.so")))
                .buildInto(dir, "same-one.jar");
        return dir;
    }

    /** Opens a registry, runs the job (binding its library), closes it; returns the loader, weakly. */
    private static WeakReference<ClassLoader> cycle(Path plugins, NativeSettings settings) {
        try (JobRegistry registry = JobRegistry.forDirectory(plugins, PluginRejectList.none(), settings).loadAllJobs()) {
            Job job = registry.job("SameJob");
            JobState state = new JobState(Path.of("m"), Path.of("/tmp"), Path.of("/tmp"));
            job.run(state, new NativeIsolationTest.NoContext());
            assertThat(state.artifacts().get("version")).hasToString("1");
            return new WeakReference<>(job.getClass().getClassLoader());
        }
    }

    @Test
    void aThousandOpenCloseCyclesWithAJniLibraryLeaveMetaspaceThreadsFdsAndMapsFlat() throws IOException {
        Path plugins = plugin();
        Path cache = tmp.resolve("cache");
        NativeSettings settings = NativeSettings.plain(cache);
        Footprint warm = null;
        for (int i = 0; i < CYCLES; i++) {
            if (i == WARM_UP) {
                warm = Footprint.now();
            }
            WeakReference<ClassLoader> loader = cycle(plugins, settings);
            LibraryUnloading.awaitUnloaded(loader, cache.toRealPath().toString());
        }
        Footprint end = Footprint.now();
        assertThat((double) end.metaspaceBytes()).as("metaspace after %d cycles vs after %d: %s vs %s", CYCLES, WARM_UP,
                end, warm).isLessThanOrEqualTo(warm.metaspaceBytes() * 1.05);
        assertThat((double) end.threads()).as("live threads: %s vs %s", end, warm)
                .isLessThanOrEqualTo(warm.threads() * 1.05);
        assertThat((double) end.fds()).as("open file descriptors: %s vs %s", end, warm)
                .isLessThanOrEqualTo(warm.fds() * 1.05);
        assertThat((double) end.mapLines()).as("/proc/self/maps lines: %s vs %s", end, warm)
                .isLessThanOrEqualTo(warm.mapLines() * 1.05);
    }
}

package dev.starfish.runtime.nativelib;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.JobContext;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobState;
import dev.starfish.api.Launcher;
import dev.starfish.api.Subgraph;
import dev.starfish.runtime.NativeTestBinaries;
import dev.starfish.runtime.plugin.PluginRejectList;
import dev.starfish.runtime.registry.JobRegistry;
import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The native-isolation matrix of docs/isolation.md, on real .so files built by starfish-bin. */
class NativeIsolationTest {

    @TempDir
    Path tmp;

    private static final String SAME = "package dev.starfish.fixture.same;\n"
            + "public final class Same { public static native int version(); public static native int viaHelper(); }\n";

    private static String sameJob(String name) {
        return "package fixture.same;\nimport dev.starfish.api.*;\nimport dev.starfish.fixture.same.Same;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class " + name + " extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState state, JobContext context) {\n"
                + "    NativeLibrary.load(Same.class, \"same\");\n"
                + "    state.putArtifact(\"" + name + "\", java.nio.file.Path.of(\"version=\" + Same.version()"
                + " + \",helper=\" + Same.viaHelper()));\n  }\n"
                + "  @Override protected void runSingleInput(Subgraph i, JobState s, JobContext c) { }\n}\n";
    }

    private Path pluginsWithBothVersions() throws IOException {
        Path dir = tmp.resolve("plugins");
        new PluginJarBuilder(tmp, "same-one").source("dev.starfish.fixture.same.Same", SAME)
                .job("fixture.same.SameJobOne", sameJob("SameJobOne"))
                .entry("native/linux-x86_64/libsame.so", Files.readAllBytes(NativeTestBinaries.file("testlibs/v1/libsame.so")))
                .buildInto(dir, "same-one.jar");
        new PluginJarBuilder(tmp, "same-two").source("dev.starfish.fixture.same.Same", SAME)
                .job("fixture.same.SameJobTwo", sameJob("SameJobTwo"))
                .entry("native/linux-x86_64/libsame.so", Files.readAllBytes(NativeTestBinaries.file("testlibs/v2/libsame.so")))
                .buildInto(dir, "same-two.jar");
        return dir;
    }

    private static String run(JobRegistry registry, String job) {
        JobState state = new JobState(Path.of("m"), Path.of("/tmp"), Path.of("/tmp"));
        registry.job(job).run(state, new NoContext());
        return state.artifacts().get(job).toString();
    }

    private NativeSettings deepBind(Path cache) {
        return new NativeSettings(cache, true, Optional.of(NativeTestBinaries.deepBindShim()));
    }

    @Test
    void twoPluginsWithSameNamedSameSymbolLibrariesEachGetTheirOwnAnswers() throws IOException {
        Path dir = pluginsWithBothVersions();
        try (JobRegistry registry = JobRegistry.forDirectory(dir, PluginRejectList.none(), deepBind(tmp.resolve("cache")))
                .loadAllJobs()) {
            assertThat(run(registry, "SameJobOne")).as("plugin one binds its own libsame.so").isEqualTo("version=1,helper=10");
            assertThat(run(registry, "SameJobTwo")).as("plugin two binds its own libsame.so").isEqualTo("version=2,helper=20");
        }
        try (var files = Files.walk(tmp.resolve("cache"))) {
            List<Path> libs = files.filter(p -> p.getFileName().toString().equals("libsame.so")).toList();
            assertThat(libs).as("content-addressed: <cache>/<plugin-id>/<sha256>/libsame.so").hasSize(2)
                    .allSatisfy(p -> assertThat(p.getParent().getFileName().toString()).hasSize(64));
            assertThat(libs).extracting(p -> p.getParent().getParent().getFileName().toString())
                    .containsExactlyInAnyOrder("same-one", "same-two");
        }
    }

    @Test
    void theSameLibraryFileFromTwoLoadersFailsWithAClearError() throws IOException {
        Path dir = pluginsWithBothVersions();
        NativeSettings settings = NativeSettings.plain(tmp.resolve("cache"));
        try (JobRegistry first = JobRegistry.forDirectory(dir, PluginRejectList.none(), settings).loadAllJobs();
                JobRegistry second = JobRegistry.forDirectory(dir, PluginRejectList.none(), settings).loadAllJobs()) {
            assertThat(run(first, "SameJobOne")).isEqualTo("version=1,helper=10");
            assertThatThrownBy(() -> run(second, "SameJobOne")).isInstanceOf(UnsatisfiedLinkError.class)
                    .hasMessageContaining("of plugin 'same-one' (same-one.jar) is already bound to another class loader")
                    .hasMessageContaining("libsame.so");
        }
    }

    @Test
    void aGlobalDefinitionCapturesThePluginsHelperOnlyWithoutDeepBind() throws Exception {
        Path dir = pluginsWithBothVersions();
        Path poison = NativeTestBinaries.file("testlibs/libpoison.so");
        assertThat(probe(dir, poison, false)).as("deep-bind off: the LD_PRELOADed helper (666) captures the call")
                .contains("SameJobOne version=1,helper=666", "SameJobTwo version=2,helper=666");
        assertThat(probe(dir, poison, true)).as("deep-bind on: each library binds to its own helper")
                .contains("SameJobOne version=1,helper=10", "SameJobTwo version=2,helper=20");
    }

    @Test
    void anUnloadedPluginsLibraryLeavesTheProcessMaps() throws Exception {
        Path dir = pluginsWithBothVersions();
        Path cache = tmp.resolve("unload-cache");
        JobRegistry registry = JobRegistry.forDirectory(dir, PluginRejectList.none(), deepBind(cache)).loadAllJobs();
        run(registry, "SameJobOne");
        String cachePath = cache.toRealPath().toString();
        assertThat(mapsMentioning(cachePath)).as("loaded: mapped").isTrue();
        java.lang.ref.WeakReference<ClassLoader> loader =
                new java.lang.ref.WeakReference<>(registry.registered("SameJobOne").plugin().loader());
        registry.close();
        registry = null;
        LibraryUnloading.awaitUnloaded(loader, cachePath);
        assertThat(mapsMentioning(cachePath)).as("after close and GC the library is unmapped").isFalse();
    }

    private static boolean mapsMentioning(String path) throws IOException {
        return Files.readString(Path.of("/proc/self/maps"), StandardCharsets.UTF_8).contains(path);
    }

    private String probe(Path plugins, Path preload, boolean deepBind) throws Exception {
        return probe(plugins, Optional.of(preload), tmp.resolve("probe-cache-" + deepBind), deepBind);
    }

    private String probe(Path plugins, Optional<Path> preload, Path cache, boolean deepBind) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                NativeProbe.class.getName(), plugins.toString(), cache.toString(),
                Boolean.toString(deepBind), NativeTestBinaries.deepBindShim().toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        preload.ifPresent(library -> pb.environment().putAll(Map.of("LD_PRELOAD", library.toString())));
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("probe JVM output:%n%s", out).isZero();
        return out;
    }

    @Test
    void aLibraryPlantedInTheCacheNeverRunsInTheDriver() throws Exception {
        Path dir = pluginsWithBothVersions();
        Path cache = tmp.resolve("planted-cache");
        assertThat(probe(dir, Optional.empty(), cache, false)).contains("SameJobOne version=1,helper=10");
        byte[] real = Files.readAllBytes(NativeTestBinaries.file("testlibs/v1/libsame.so"));
        Path impostor = NativeTestBinaries.file("testlibs/v2/libsame.so");
        Path cached = cache.resolve("same-one").resolve(ContentAddressedCache.sha256(real)).resolve("libsame.so");

        Files.write(cached, Files.readAllBytes(impostor));
        assertThat(Files.size(cached)).as("precondition: a same-size impostor").isEqualTo(real.length);
        assertThat(probe(dir, Optional.empty(), cache, false)).as("the impostor file was replaced, not loaded")
                .contains("SameJobOne version=1,helper=10");

        Files.delete(cached);
        Files.createSymbolicLink(cached, impostor);
        assertThat(probe(dir, Optional.empty(), cache, false)).as("the planted link was replaced, not followed")
                .contains("SameJobOne version=1,helper=10");
        assertThat(Files.readAllBytes(cached)).isEqualTo(real);
    }

    /** A context for jobs that neither spawn nor fan out. */
    static final class NoContext implements JobContext {
        @Override public Launcher launcher() { throw new IllegalStateException("no launcher here"); }
        @Override public Logger log() { return LogManager.getLogger("test"); }
        @Override public JobOptions options() { return JobOptions.empty(); }
        @Override public void forEachInput(List<Subgraph> inputs, Consumer<Subgraph> action) { inputs.forEach(action); }
    }
}

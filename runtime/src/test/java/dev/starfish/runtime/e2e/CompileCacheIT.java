package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compile cache as a user meets it through {@code bin/starfish}: a second compile of the same
 * model is a hit that runs no job and writes the identical {@code .neff}; anything that changes
 * the artifact (a tool in {@code private/}, a job option) misses; {@code -###} tells hit from miss
 * and touches nothing; compiles of one model started together compile it once.
 */
class CompileCacheIT {

    private static final Pattern KEY = Pattern.compile("# cache: (hit|miss) ([0-9a-f]{64})");

    @TempDir
    Path tmp;

    private AssembledDistribution dist;
    private Path cwd;
    private Path cacheDir;

    @BeforeEach
    void model() throws IOException {
        dist = AssembledDistribution.built();
        cwd = Files.createDirectories(tmp.resolve("cwd"));
        cacheDir = cwd.resolve(".cache/compile");
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("m.hlo"));
    }

    private AssembledDistribution.Run compile(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("compile", "m.hlo"));
        all.addAll(List.of(args));
        AssembledDistribution.Run run = dist.run(cwd, all.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s", run).isZero();
        return run;
    }

    private String plannedKey(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("compile", "m.hlo", "-###"));
        all.addAll(List.of(args));
        AssembledDistribution.Run run = dist.run(cwd, all.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s", run).isZero();
        Matcher m = KEY.matcher(run.stdout());
        assertThat(m.find()).as("-### prints the cache line: %s", run).isTrue();
        return m.group(1) + " " + m.group(2);
    }

    @Test
    void aSecondCompileIsAHitThatRunsNoJobAndWritesTheIdenticalNeff() throws IOException {
        AssembledDistribution.Run first = compile();
        assertThat(first.stdout()).contains("(1 subgraph, ");
        String key = plannedKey().substring("hit ".length());
        assertThat(cwd.resolve("m.work/log-starfish.txt")).content().contains("cache miss " + key);
        AssembledDistribution.Run second = compile("--workdir", "again", "-o", "again.neff");
        assertThat(second.stdout()).matches("Compiled m.hlo -> " + Pattern.quote(cwd.resolve("again.neff").toString())
                + " \\(cache hit, \\d+ ms\\); log: " + Pattern.quote(cwd.resolve("again/log-starfish.txt").toString()) + "\n");
        assertThat(second.stderr()).isEmpty();
        assertThat(cwd.resolve("again.neff")).hasSameBinaryContentAs(cwd.resolve("m.neff"));
        try (Stream<Path> files = Files.list(cwd.resolve("again"))) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no sgNN/, no replay script: no tool ran; "
                    + "the hit's own report").containsExactlyInAnyOrder(".starfish-workdir", "log-starfish.txt",
                    "report.json", "trace.json", "report.html");
        }
        String log = Files.readString(cwd.resolve("again/log-starfish.txt"));
        assertThat(log).contains("cache hit " + key).doesNotContain("Running job").doesNotContain("Executing");
    }

    @Test
    void noCacheNeitherLooksUpNorStores() throws IOException {
        compile("--no-cache");
        assertThat(cacheDir).as("--no-cache creates no cache").doesNotExist();
        compile();
        AssembledDistribution.Run third = compile("--no-cache", "--workdir", "third", "-o", "third.neff");
        assertThat(third.stdout()).contains("(1 subgraph, ").doesNotContain("cache hit");
        assertThat(cwd.resolve("third/log-starfish.txt")).content().contains("Running job NeffWrapper")
                .doesNotContain("cache hit");
    }

    @Test
    void theDryRunSaysHitOrMissAndTouchesNothing() throws IOException {
        String before = plannedKey();
        assertThat(before).startsWith("miss ");
        assertThat(cacheDir).as("-### creates no cache").doesNotExist();
        compile();
        Path entry = cacheDir.resolve("entries").resolve(before.substring(5));
        var used = Files.getLastModifiedTime(entry);
        assertThat(plannedKey()).isEqualTo("hit " + before.substring(5));
        assertThat(Files.getLastModifiedTime(entry)).as("-### does not count as a use").isEqualTo(used);
    }

    @Test
    void aChangedToolInPrivateOrAChangedJobOptionIsAMiss() throws IOException {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("dist"));
        dist = copy;
        compile();
        String key = plannedKey();
        String withSeed = plannedKey("--golden-seed", "8");
        assertThat(withSeed).as("another option value is another key").startsWith("miss ")
                .isNotEqualTo("miss " + key.substring(4));
        compile("--golden-seed", "8", "-o", "seed.neff", "--workdir", "seed");
        assertThat(cwd.resolve("seed/log-starfish.txt")).content().contains("Running job XLAInferGoldens");
        assertThat(plannedKey("--golden-seed", "8")).isEqualTo("hit " + withSeed.substring(5));

        Path shipped = copy.home().resolve("starfish/bin/hlo2penguin");
        Path override = copy.home().resolve("starfish/bin/private/hlo2penguin");
        Files.createDirectories(override.getParent());
        Files.writeString(override, "#!/bin/sh\nexec " + shipped + " \"$@\"\n");
        Files.setPosixFilePermissions(override, PosixFilePermissions.fromString("rwxr-xr-x"));
        String withOverride = plannedKey();
        assertThat(withOverride).as("a tool in private/ is another key").startsWith("miss ");
        AssembledDistribution.Run run = compile("-o", "private.neff", "--workdir", "private");
        assertThat(run.stdout()).contains("(1 subgraph, ");
        Files.writeString(override, "#!/bin/sh\n# changed\nexec " + shipped + " \"$@\"\n");
        assertThat(plannedKey()).as("changed bytes of the same tool are another key").startsWith("miss ")
                .isNotEqualTo(withOverride);
    }

    @Test
    void compilesOfOneModelStartedTogetherCompileItOnce() throws Exception {
        Map<String, String> shared = Map.of("STARFISH_CACHE_DIR", tmp.resolve("shared-cache").toString());
        List<AssembledDistribution.Started> started = List.of(
                dist.start(cwd, shared, "compile", "m.hlo", "-o", "a.neff", "--workdir", "a"),
                dist.start(cwd, shared, "compile", "m.hlo", "-o", "b.neff", "--workdir", "b"),
                dist.start(cwd, shared, "compile", "m.hlo", "-o", "c.neff", "--workdir", "c"));
        List<AssembledDistribution.Run> runs = started.stream().map(AssembledDistribution.Started::await).toList();
        runs.forEach(run -> assertThat(run.exitCode()).as("%s", run).isZero());
        assertThat(runs.stream().filter(r -> r.stdout().contains("(cache hit, "))).as("%s", runs).hasSize(2);
        assertThat(runs.stream().filter(r -> r.stdout().contains("(1 subgraph, "))).as("%s", runs).hasSize(1);
        assertThat(cwd.resolve("b.neff")).hasSameBinaryContentAs(cwd.resolve("a.neff"));
        assertThat(cwd.resolve("c.neff")).hasSameBinaryContentAs(cwd.resolve("a.neff"));
    }

    @Test
    void aCompileThatFindsTheKeyLockedWaitsForTheHolderAndThenHits() throws Exception {
        Path gate = Files.createDirectories(tmp.resolve("gate"));
        AssembledDistribution held = withPrivateWalrusDriver("if [ ! -f " + gate.resolve("release") + " ]; then touch "
                + gate.resolve("started") + "; fi\n"
                + "while [ ! -f " + gate.resolve("release") + " ]; do sleep 0.05; done\n"
                + "exec " + dist.home().resolve("starfish/bin/walrus_driver") + " \"$@\"\n");
        Map<String, String> shared = Map.of("STARFISH_CACHE_DIR", tmp.resolve("shared-cache").toString());
        AssembledDistribution.Started first = held.start(cwd, shared, "compile", "m.hlo", "-o", "first.neff",
                "--workdir", "first");
        awaitFile(gate.resolve("started"));
        AssembledDistribution.Started second = held.start(cwd, shared, "compile", "m.hlo", "-o", "second.neff",
                "--workdir", "second");
        awaitFileContaining(cwd.resolve("second/log-starfish.txt"), "Waiting for pid ");
        Files.createFile(gate.resolve("release"));
        AssembledDistribution.Run firstRun = first.await();
        AssembledDistribution.Run secondRun = second.await();
        assertThat(firstRun.stdout()).as("%s", firstRun).contains("(1 subgraph, ");
        assertThat(secondRun.stdout()).as("%s", secondRun).contains("(cache hit, ");
        assertThat(cwd.resolve("second.neff")).hasSameBinaryContentAs(cwd.resolve("first.neff"));
    }

    @Test
    void aCompileStoppedBySigtermLeavesNoLockAndNoEntry() throws Exception {
        Path gate = Files.createDirectories(tmp.resolve("gate"));
        AssembledDistribution held = withPrivateWalrusDriver("touch " + gate.resolve("started")
                + "\nwhile true; do sleep 0.05; done\n");
        AssembledDistribution.Started compile = held.start(cwd, "compile", "m.hlo");
        awaitFile(gate.resolve("started"));
        try (Stream<Path> locks = Files.list(cacheDir.resolve("locks"))) {
            assertThat(locks.map(p -> p.getFileName().toString())).as("the compile holds its key's lock")
                    .singleElement().asString().endsWith(".lock");
        }
        compile.process().destroy();
        AssembledDistribution.Run run = compile.await();
        assertThat(run.exitCode()).as("%s", run).isEqualTo(143);
        try (Stream<Path> locks = Files.list(cacheDir.resolve("locks"));
                Stream<Path> entries = Files.list(cacheDir.resolve("entries"));
                Stream<Path> temps = Files.list(cacheDir.resolve("tmp"))) {
            assertThat(locks).as("the lock is removed on the way out").isEmpty();
            assertThat(entries).as("nothing half-made is stored").isEmpty();
            assertThat(temps).isEmpty();
        }
    }

    /** A copy of the distribution whose walrus_driver is {@code script} in {@code private/}: it holds a compile. */
    private AssembledDistribution withPrivateWalrusDriver(String script) throws IOException {
        AssembledDistribution held = dist.copyTo(tmp.resolve("dist"));
        Path tool = held.home().resolve("starfish/bin/private/walrus_driver");
        Files.createDirectories(tool.getParent());
        // the tool runs in the copy's sandbox: it reaches the copy's shipped tools and the test's gate
        Files.writeString(tool, "#!/bin/sh\n" + script.replace(dist.home().toString(), held.home().toString()));
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return TestSandbox.allowWriting(held, tmp.resolve("gate"));
    }

    private static void awaitFile(Path file) throws IOException, InterruptedException {
        awaitFileContaining(file, "");
    }

    /** Waits on file events in the file's directory until it exists and holds {@code text}. */
    private static void awaitFileContaining(Path file, String text) throws IOException, InterruptedException {
        Files.createDirectories(file.getParent());
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            file.getParent().register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(file) || !Files.readString(file).contains(text)) {
                WatchKey key = watcher.poll(120, TimeUnit.SECONDS);
                assertThat(key).as("%s shows '%s' within two minutes", file, text).isNotNull();
                key.pollEvents();
                key.reset();
            }
        }
    }
}

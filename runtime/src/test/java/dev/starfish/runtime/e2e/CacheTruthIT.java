package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache never serves what a fresh compile would not make (issue 23): the key hashes the bytes
 * the jobs read (a snapshot taken before the key's lock is waited for), the entry is filled from
 * the compile's own work directory, the host's jars are in the key, a hit's output has a miss's
 * mode, and a work directory of another user is refused before anything runs.
 */
class CacheTruthIT {

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

    private AssembledDistribution.Run ok(AssembledDistribution.Run run) {
        assertThat(run.exitCode()).as("%s", run).isZero();
        return run;
    }

    /** {@code hit KEY} or {@code miss KEY}, from {@code -###}. */
    private String planned(AssembledDistribution on, String model) {
        AssembledDistribution.Run run = ok(on.run(cwd, "compile", model, "-###"));
        Matcher m = KEY.matcher(run.stdout());
        assertThat(m.find()).as("-### prints the cache line: %s", run).isTrue();
        return m.group(1) + " " + m.group(2);
    }

    private static String sha256(Path file) throws IOException {
        return NeffArchive.sha256(Files.readAllBytes(file));
    }

    private static String recordedModelSha(Path neff) throws IOException {
        byte[] record = NeffArchive.read(neff).entries().get("compile.json");
        assertThat(record).as("the .neff packs compile.json").isNotNull();
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(record).path("model_sha256").asText();
    }

    private String entryNeffSha(String key) throws IOException {
        return new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(cacheDir.resolve("entries").resolve(key).resolve("manifest.json").toFile())
                .path("neff").path("sha256").asText();
    }

    @Test
    void aModelEditedWhileTheCompileWaitsForTheKeysLockIsNotWhatItCompilesOrStores() throws Exception {
        ok(dist.run(cwd, "compile", dist.example("fusion_call.hlo").toString(), "-o", "other.neff", "--workdir",
                "other"));
        String original = sha256(cwd.resolve("m.hlo"));
        String key = planned(dist, "m.hlo").substring("miss ".length());
        Path lock = holdLock(key);
        AssembledDistribution.Started compile = dist.start(cwd, "compile", "m.hlo", "-o", "first.neff", "--workdir",
                "first");
        awaitFileContaining(cwd.resolve("first/log-starfish.txt"), "Waiting for pid " + ProcessHandle.current().pid(),
                compile);
        Files.copy(dist.example("mlp_two_heads.hlo"), cwd.resolve("m.hlo"), StandardCopyOption.REPLACE_EXISTING);
        Files.delete(lock);
        AssembledDistribution.Run run = ok(compile.await());

        assertThat(run.stdout()).as("the original model (1 subgraph) was compiled: %s", run).contains("(1 subgraph, ");
        assertThat(recordedModelSha(cwd.resolve("first.neff"))).as("the bytes compiled are the bytes keyed")
                .isEqualTo(original);
        assertThat(entryNeffSha(key)).as("the entry of the original's key holds the original's .neff")
                .isEqualTo(sha256(cwd.resolve("first.neff")));
        assertThat(planned(dist, "m.hlo")).as("the edited model is another key").startsWith("miss ")
                .isNotEqualTo("miss " + key);
    }

    @Test
    void aSecondCompileOfTheSameOutputIsRefusedAndTheEntryHoldsWhatItsOwnCompileMade() throws Exception {
        Path gate = Files.createDirectories(tmp.resolve("gate"));
        AssembledDistribution held = dist.copyTo(tmp.resolve("dist"));
        Path wrapper = held.home().resolve("starfish/bin/private/hlo-neff-wrapper");
        Files.createDirectories(wrapper.getParent());
        Files.writeString(wrapper, "#!/bin/sh\n" + held.home().resolve("starfish/bin/hlo-neff-wrapper") + " \"$@\" || exit $?\n"
                + "if [ ! -f " + gate.resolve("started") + " ]; then touch " + gate.resolve("started") + "\n"
                + "  while [ ! -f " + gate.resolve("release") + " ]; do sleep 0.05; done\nfi\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
        TestSandbox.allowWriting(held, gate);
        Files.copy(dist.example("mlp_two_heads.hlo"), cwd.resolve("b.hlo"));
        String keyA = planned(held, "m.hlo").substring("miss ".length());

        AssembledDistribution.Started a = held.start(cwd, "compile", "m.hlo", "-o", "shared.neff", "--workdir", "a");
        awaitFileContaining(gate.resolve("started"), "", a);
        AssembledDistribution.Run b = held.run(cwd, "compile", "b.hlo", "-o", "shared.neff", "--workdir", "b");
        Files.createFile(gate.resolve("release"));
        AssembledDistribution.Run first = ok(a.await());

        assertThat(b.exitCode()).as("%s", b).isEqualTo(2);
        assertThat(b.stderr()).contains("output file " + cwd.resolve("shared.neff")
                + " is being written by another compile").contains("; wait for it or give -o another name");
        assertThat(first.stdout()).contains("(1 subgraph, ");
        assertThat(recordedModelSha(cwd.resolve("shared.neff"))).isEqualTo(sha256(cwd.resolve("m.hlo")));
        assertThat(entryNeffSha(keyA)).as("model A's entry holds model A's .neff")
                .isEqualTo(sha256(cwd.resolve("shared.neff")));
    }

    @Test
    void aRebuiltPluginApiJarOfTheSameVersionIsAnotherKey() throws IOException {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("dist"));
        String before = planned(copy, "m.hlo");
        Path api;
        try (Stream<Path> lib = Files.list(copy.home().resolve("lib"))) {
            api = lib.filter(p -> p.getFileName().toString().startsWith("starfish-plugin-api-")).findFirst().orElseThrow();
        }
        rebuildWithAnExtraEntry(api);
        String after = planned(copy, "m.hlo");
        assertThat(after).as("a jar jobs load from the host is in the key").startsWith("miss ")
                .isNotEqualTo(before.replace("hit ", "miss "));
    }

    @Test
    void aChangedInterpreterOfAScriptToolIsAnotherKey() throws IOException {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("dist"));
        Path shell = Files.copy(Path.of("/bin/sh").toRealPath(), tmp.resolve("sh"));
        Path tool = copy.home().resolve("starfish/bin/private/walrus_driver");
        Files.createDirectories(tool.getParent());
        Files.writeString(tool, "#!" + shell + "\nexec " + copy.home().resolve("starfish/bin/walrus_driver") + " \"$@\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        String before = planned(copy, "m.hlo");
        Files.write(shell, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
        assertThat(planned(copy, "m.hlo")).as("the script's interpreter is in the key").startsWith("miss ")
                .isNotEqualTo(before);
    }

    @Test
    void aCompileRefusesAWorkDirectoryOfAnotherUserBeforeAnythingRuns() throws IOException {
        assertThat(dev.starfish.runtime.config.CurrentUser.uid()).as("the tests run as root (README): only root can "
                + "give a directory to another user").isZero();
        Path theirs = Files.createDirectories(cwd.resolve("theirs"));
        Files.setOwner(theirs, theirs.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "--workdir", "theirs");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).contains("work directory " + theirs + " is owned by uid ")
                .contains("not by the current user (uid 0); give --workdir a directory of your own");
        assertThat(run.stderr().lines()).as("one line").hasSize(1);
        assertThat(cwd.resolve("m.neff")).doesNotExist();
        try (Stream<Path> files = Files.list(theirs)) {
            assertThat(files).as("nothing was written into it").isEmpty();
        }
    }

    @Test
    void aHitWritesTheOutputWithTheModeAMissWouldGiveIt() throws Exception {
        assertThat(underUmask("077", "miss.neff", "miss").exitValue()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cwd.resolve("miss.neff"))))
                .isEqualTo("rw-------");
        assertThat(underUmask("077", "hit.neff", "hit").exitValue()).isZero();
        assertThat(cwd.resolve("hit/log-starfish.txt")).content().contains("cache hit ");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cwd.resolve("hit.neff"))))
                .as("umask 077: the mode a miss gives").isEqualTo("rw-------");
        assertThat(underUmask("022", "open.neff", "open").exitValue()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cwd.resolve("open.neff"))))
                .isEqualTo("rw-r--r--");
    }

    private Process underUmask(String umask, String output, String workDir) throws Exception {
        Process process = new ProcessBuilder("sh", "-c", "umask " + umask + "; exec \"$0\" \"$@\"",
                dist.home().resolve("bin/starfish").toString(), "compile", "m.hlo", "-o", output, "--workdir", workDir)
                .directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve(workDir + ".out").toFile()).start();
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("%s", Files.readString(tmp.resolve(workDir + ".out"))).isZero();
        return process;
    }

    /** Takes the key's lock as a live process of this host would (this test's JVM): a compile of the key waits. */
    private Path holdLock(String key) throws IOException {
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).trim();
        ProcessHandle self = ProcessHandle.current();
        long start = self.info().startInstant().orElseThrow().toEpochMilli();
        Path lock = cacheDir.resolve("locks").resolve(key + ".lock");
        Path temp = cacheDir.resolve("locks").resolve(".test.new");
        Files.writeString(temp, "starfish-compile-cache-lock/1\nhost=" + host + "\npid=" + self.pid() + "\nstart="
                + start + "\nnonce=0123456789abcdef\n");
        Files.move(temp, lock, StandardCopyOption.ATOMIC_MOVE);
        return lock;
    }

    /** Writes {@code jar} again with every entry and one more: a rebuild of the same version. */
    private static void rebuildWithAnExtraEntry(Path jar) throws IOException {
        Path rebuilt = jar.resolveSibling(jar.getFileName() + ".new");
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(rebuilt))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                out.putNextEntry(new ZipEntry(entry.getName()));
                in.transferTo(out);
                out.closeEntry();
            }
            out.putNextEntry(new ZipEntry("META-INF/rebuilt.txt"));
            out.write("a rebuild\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        Files.move(rebuilt, jar, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Waits on file events until {@code file} exists and holds {@code text}, at most two minutes.
     * The test does not make the file's directory (the compile does): it watches the parent for it,
     * then the directory itself, and reads the file again at every event. When {@code process} ends
     * first, fails at once with what it printed.
     */
    private static void awaitFileContaining(Path file, String text, AssembledDistribution.Started process)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        Path dir = file.getParent();
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            dir.getParent().register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
            boolean watchingDir = false;
            while (true) {
                if (!watchingDir && Files.isDirectory(dir)) {
                    dir.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
                    watchingDir = true;
                }
                if (Files.isRegularFile(file) && Files.readString(file).contains(text)) {
                    return;
                }
                if (process != null && !process.process().isAlive()) {
                    throw new AssertionError("the command ended before " + file + " showed '" + text + "': "
                            + process.await());
                }
                long left = deadline - System.nanoTime();
                assertThat(left > 0).as("%s shows '%s' within two minutes", file, text).isTrue();
                // returns at the next event; the bound only lets a command that ended be noticed
                WatchKey key = watcher.poll(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
    }
}

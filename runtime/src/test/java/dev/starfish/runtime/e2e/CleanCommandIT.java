package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code starfish clean}: removes the work directories Starfish made and their log link, and
 * leaves alone another user's, a symbolic link, an untagged directory and one a compile uses.
 */
class CleanCommandIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path tmp;

    @Test
    void removesOnlyTaggedWorkDirectoriesOfTheUserAndTheirLogLink() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Path precious = Files.writeString(tmp.resolve("precious.txt"), "keep");
        Path mine = workDir(cwd.resolve("mine.work"));
        Files.createSymbolicLink(mine.resolve("escape"), precious);
        Files.createDirectories(mine.resolve("sg00")).resolve("model.bir").toFile().createNewFile();
        Files.createSymbolicLink(cwd.resolve("log-starfish.txt"), Path.of("mine.work/log-starfish.txt"));
        Path theirs = workDir(cwd.resolve("theirs.work"));
        assertThat(new ProcessBuilder("chown", "-R", "nobody", theirs.toString()).start().waitFor()).isZero();
        Path elsewhere = workDir(Files.createDirectories(tmp.resolve("elsewhere")).resolve("real.work"));
        Files.createSymbolicLink(cwd.resolve("link.work"), elsewhere);
        Path plain = Files.createDirectories(cwd.resolve("plain.work"));

        AssembledDistribution.Run dry = dist.run(cwd, "clean", "--dry-run");

        assertThat(dry.exitCode()).as("%s", dry).isZero();
        assertThat(dry.stdout()).contains("would remove mine.work\n", "would remove log-starfish.txt\n",
                "skipped theirs.work: owned by nobody, not by you\n",
                "skipped link.work: a symbolic link (never followed)\n",
                "skipped plain.work: no .starfish-workdir tag: Starfish did not make it\n");
        assertThat(mine).as("--dry-run removes nothing").isDirectory();

        AssembledDistribution.Run run = dist.run(cwd, "clean");

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stderr()).isEmpty();
        assertThat(run.stdout()).contains("removed mine.work\n", "removed log-starfish.txt\n",
                "skipped theirs.work: owned by nobody, not by you\n");
        assertThat(mine).doesNotExist();
        assertThat(Files.exists(cwd.resolve("log-starfish.txt"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(precious).as("a link inside is removed, not followed").hasContent("keep");
        assertThat(theirs.resolve(".starfish-workdir")).exists();
        assertThat(elsewhere.resolve(".starfish-workdir")).as("the link's target is left alone").exists();
        assertThat(cwd.resolve("link.work")).isSymbolicLink();
        assertThat(plain).isDirectory();
        try (var left = Files.list(cwd)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no renamed leftover")
                    .noneMatch(n -> n.contains("removing"));
        }
    }

    @Test
    void aWorkDirectoryARunningCompileUsesIsLeftAloneUntilTheCompileEnds() throws Exception {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("dist"));
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Path running = fifo(tmp.resolve("running"));
        Path release = fifo(tmp.resolve("release"));
        // the sandbox binds only what exists when a step starts: the marker goes into a directory made now
        Path pace = Files.createDirectories(tmp.resolve("pace"));
        TestSandbox.allowWriting(copy, running, release, pace);
        Path tool = copy.home().resolve("starfish/bin/private/walrus_driver");
        // only the first run (of one subgraph) is paced; mkdir is atomic, so the others go straight on
        Files.writeString(tool, "#!/bin/sh\nif mkdir '" + pace.resolve("first") + "' 2>/dev/null; then\n"
                + "  echo running > '" + running + "'\n  read line < '" + release + "'\nfi\n"
                + "exec '" + copy.home().resolve("starfish/bin/walrus_driver") + "' \"$@\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        AssembledDistribution.Started compile = copy.start(cwd, "compile", dist.example("mlp.hlo").toString());
        CompletableFuture<String> toolRuns = CompletableFuture.supplyAsync(() -> readLine(running));
        CompletableFuture.anyOf(toolRuns, compile.process().onExit()).get();
        assertThat(toolRuns).as("the compile's walrus_driver runs").isDone();

        AssembledDistribution.Run busy = copy.run(cwd, "clean");

        assertThat(busy.exitCode()).as("%s", busy).isZero();
        Matcher holder = Pattern.compile("skipped mlp.work: in use by a running compile \\(pid (\\d+)\\)\n")
                .matcher(busy.stdout());
        assertThat(holder.find()).as("%s", busy).isTrue();
        assertThat(compile.process().descendants().map(ProcessHandle::pid))
                .as("the pid named is the compile's driver").contains(Long.parseLong(holder.group(1)));
        assertThat(busy.stdout()).doesNotContain("removed");
        assertThat(cwd.resolve("mlp.work/.starfish-workdir")).exists();
        try (OutputStream out = Files.newOutputStream(release)) {
            out.flush();
        }
        AssembledDistribution.Run compiled = compile.await();
        assertThat(compiled.exitCode()).as("the compile was not disturbed: %s", compiled).isZero();

        AssembledDistribution.Run done = copy.run(cwd, "clean", cwd.toString());

        assertThat(done.stdout()).as("%s", done).contains("removed " + cwd.resolve("mlp.work") + "\n",
                "removed " + cwd.resolve("log-starfish.txt") + "\n");
        assertThat(cwd.resolve("mlp.work")).doesNotExist();
        assertThat(cwd.resolve("mlp.neff")).as("the output stays").isRegularFile();
    }

    @Test
    void aDirThatIsNotADirectoryIsOneLineAndNothingIsRemoved() throws IOException {
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Path mine = workDir(cwd.resolve("mine.work"));

        AssembledDistribution.Run run = dist.run(cwd, "clean", ".", "nope");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: clean expects a directory, found nothing at nope\n");
        assertThat(mine).isDirectory();
    }

    private static Path workDir(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(".starfish-workdir"), "");
        Files.writeString(dir.resolve("log-starfish.txt"), "log\n");
        return dir;
    }

    private static Path fifo(Path path) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("mkfifo", path.toString()).start().waitFor()).isZero();
        return path;
    }

    private static String readLine(Path fifo) {
        try {
            return Files.readString(fifo).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

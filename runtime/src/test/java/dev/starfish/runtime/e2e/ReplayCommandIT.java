package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code starfish replay}: lists a compile's replay scripts and runs one again, as the script does. */
class ReplayCommandIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private Path work;

    @BeforeEach
    void aKeptCompileOfTwoSubgraphs() {
        AssembledDistribution.Run compile = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString(),
                "--keep-temps", "--workdir", "two.work", "-o", "two.neff");
        assertThat(compile.exitCode()).as("%s", compile).isZero();
        work = cwd.resolve("two.work");
    }

    @Test
    void listsEachScriptWithItsJobAndSubgraph() {
        AssembledDistribution.Run run = dist.run(cwd, "replay", "two.work");

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stderr()).isEmpty();
        assertThat(run.stdout().lines().findFirst()).hasValueSatisfying(h -> assertThat(h).matches("JOB +SUBGRAPH +SCRIPT"));
        assertThat(run.stdout()).containsPattern("HLOToTensorizer +sg00 +" + work.resolve("sg00/replay_HLOToTensorizer_sg00.sh"))
                .containsPattern("HLOToTensorizer +sg01 +" + work.resolve("sg01/replay_HLOToTensorizer_sg01.sh"))
                .containsPattern("NeffWrapper +- +" + work.resolve("replay_NeffWrapper.sh"));
        assertThat(run.stdout().lines()).hasSize(1 + 4 * 2 + 1);
    }

    @Test
    void runsTheStepAgainAsItsScriptDoes() throws IOException {
        Path output = work.resolve("sg01/model.penguin");
        byte[] before = Files.readAllBytes(output);
        Files.delete(output);

        AssembledDistribution.Run run = dist.run(cwd, "replay", "two.work", "HLOToTensorizer", "1");

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(output).as("hlo2penguin wrote its output again").hasBinaryContent(before);
    }

    @Test
    void aJobThatRanPerSubgraphWithoutASubgraphIsAUsageErrorListingTheChoices() {
        AssembledDistribution.Run run = dist.run(cwd, "replay", "two.work", "HLOToTensorizer");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: job HLOToTensorizer ran once per subgraph; give the "
                + "SUBGRAPH to replay: sg00, sg01\n");
        AssembledDistribution.Run unknown = dist.run(cwd, "replay", "two.work", "Kelper");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.stderr()).isEqualTo("starfish: error: no replay script of job Kelper in " + work
                + "; jobs with one: BIRVerifier, HLOToTensorizer, NeffWrapper, WalrusDriver, XLAInferGoldens\n");
    }

    @Test
    void theScriptsOutputReachesTheConsoleAndItsExitStatusIsPassedThrough() throws IOException {
        Path script = work.resolve("replay_NeffWrapper.sh");
        Files.writeString(script, "#!/bin/sh\necho out-of-replay\necho err-of-replay >&2\nexit 7\n");

        AssembledDistribution.Run run = dist.run(cwd, "replay", "two.work", "NeffWrapper");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(7);
        assertThat(run.stdout()).isEqualTo("out-of-replay\n");
        assertThat(run.stderr()).isEqualTo("err-of-replay\n");
    }

    @Test
    void aToolKilledBySignalNGives128PlusN() throws IOException {
        Files.writeString(work.resolve("replay_NeffWrapper.sh"), "#!/bin/sh\nexec sh -c 'kill -KILL $$'\n");

        AssembledDistribution.Run run = dist.run(cwd, "replay", "two.work", "NeffWrapper");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(128 + 9);
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
    void sigtermToStarfishStopsTheReplayedToolToo() throws Exception {
        Path started = cwd.resolve("tool-started");
        assertThat(new ProcessBuilder("mkfifo", started.toString()).start().waitFor()).isZero();
        Files.writeString(work.resolve("replay_NeffWrapper.sh"), "#!/bin/sh\necho $$ > " + started
                + "\nexec sleep 600\n");
        AssembledDistribution.Started replay = dist.start(cwd, "replay", "two.work", "NeffWrapper");
        // reading the pipe returns once the tool has written its pid into it
        ProcessHandle tool = ProcessHandle.of(Long.parseLong(Files.readString(started).strip())).orElseThrow();

        new ProcessBuilder("kill", "-TERM", Long.toString(replay.process().pid())).start().waitFor();
        AssembledDistribution.Run run = replay.await();

        assertThat(run.exitCode()).as("%s", run).isEqualTo(128 + 15);
        tool.onExit().get();
        assertThat(tool.isAlive()).as("the tool was stopped with starfish").isFalse();
    }

    @Test
    void aScriptThatIsASymbolicLinkOutOfTheWorkDirectoryIsNeverRun() throws IOException {
        Path marker = cwd.resolve("evil-ran");
        Path evil = Files.writeString(cwd.resolve("evil.sh"), "#!/bin/sh\ntouch " + marker + "\n");
        Path script = work.resolve("replay_NeffWrapper.sh");
        Files.delete(script);
        Files.createSymbolicLink(script, evil);

        AssembledDistribution.Run run = dist.run(cwd, "replay", "two.work", "NeffWrapper");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: refusing to replay job NeffWrapper: the replay script "
                + script + " is a symbolic link (to " + evil + "); Starfish writes regular files, so something else put "
                + "it there\n");
        assertThat(marker).doesNotExist();
    }

    @Test
    void aWorkDirectoryOthersCanWriteOrADirectoryStarfishDidNotMakeIsRefused() throws IOException {
        Files.setPosixFilePermissions(work.resolve("sg00"), java.nio.file.attribute.PosixFilePermissions
                .fromString("rwxrwxrwx"));
        AssembledDistribution.Run writable = dist.run(cwd, "replay", "two.work", "WalrusDriver", "sg00");
        assertThat(writable.exitCode()).as("%s", writable).isEqualTo(2);
        assertThat(writable.stderr()).isEqualTo("starfish: error: refusing to replay job WalrusDriver: the directory "
                + work.resolve("sg00") + " is writable by group or others (mode rwxrwxrwx), so its replay scripts may "
                + "not be what Starfish wrote\n");

        Files.createDirectories(cwd.resolve("mine"));
        AssembledDistribution.Run foreign = dist.run(cwd, "replay", "mine");
        assertThat(foreign.exitCode()).isEqualTo(2);
        assertThat(foreign.stderr()).isEqualTo("starfish: error: " + cwd.resolve("mine") + " is not a work directory "
                + "Starfish made (no .starfish-workdir in it); give the --workdir of a compile (default: MODEL.work)\n");
    }
}

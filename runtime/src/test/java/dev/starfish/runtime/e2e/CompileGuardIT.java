package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What protects a running compile: the work-directory lock against a second compile, and the
 * guard that stops every tool and cleans up when the driver is interrupted. The tool that
 * holds a compile is a {@code walrus_driver} in {@code private/} that signals it started by
 * creating a file and waits until the test creates another.
 */
class CompileGuardIT {

    @TempDir
    Path tmp;

    private AssembledDistribution dist;
    private Path cwd;
    private Path gate;

    @BeforeEach
    void holdingWalrusDriver() throws IOException {
        dist = AssembledDistribution.built().copyTo(tmp.resolve("dist"));
        cwd = Files.createDirectories(tmp.resolve("cwd"));
        gate = Files.createDirectories(tmp.resolve("gate"));
        Path tool = dist.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!/bin/sh\n"
                + "echo $$ > " + gate.resolve("tool.pid.tmp") + " && mv " + gate.resolve("tool.pid.tmp") + " "
                + gate.resolve("tool.pid") + "\n"
                + "while [ ! -f " + gate.resolve("release") + " ]; do sleep 0.05; done\n"
                + "exec " + dist.home().resolve("starfish/bin/walrus_driver") + " \"$@\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        TestSandbox.turnOff(dist);
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("m.hlo"));
    }

    @Test
    void aSecondCompileInTheSameWorkDirectoryIsRefusedWithTheHoldersPid() throws Exception {
        AssembledDistribution.Started first = dist.start(cwd, "compile", "m.hlo", "-o", "first.neff", "--workdir", "shared");
        long toolPid = awaitToolStarted();
        AssembledDistribution.Run second = dist.run(cwd, "compile", "m.hlo", "-o", "second.neff", "--workdir", "shared");
        assertThat(second.exitCode()).as("%s", second).isEqualTo(2);
        assertThat(second.stderr()).matches("(?s)starfish: error: work directory " + cwd.resolve("shared")
                + " is in use by another compile \\(pid \\d+\\); wait for it or use another --workdir\n");
        assertThat(cwd.resolve("shared/report.json")).as("the refused compile writes no report").doesNotExist();
        Files.createFile(gate.resolve("release"));
        AssembledDistribution.Run firstRun = first.await();
        assertThat(firstRun.exitCode()).as("the first compile is unaffected: %s", firstRun).isZero();
        assertThat(cwd.resolve("first.neff")).isRegularFile();
        assertThat(cwd.resolve("second.neff")).doesNotExist();
        assertThat(ReportChecks.validReport(cwd.resolve("shared")).path("plan").path("output").asText())
                .as("the work directory's report is the first compile's").isEqualTo(cwd.resolve("first.neff").toString());
        assertThat(ProcessHandle.of(toolPid).map(ProcessHandle::isAlive)).isNotEqualTo(java.util.Optional.of(true));
    }

    @Test
    void sigtermStopsTheToolsSaysSoAndExits143() throws Exception {
        AssembledDistribution.Started compile = dist.start(cwd, "compile", "m.hlo");
        long toolPid = awaitToolStarted();
        compile.process().destroy();
        AssembledDistribution.Run run = compile.await();
        assertThat(run.exitCode()).as("%s", run).isEqualTo(143);
        assertThat(run.stderr()).isEqualTo("starfish: compile interrupted (SIGTERM); tools stopped\n");
        ProcessHandle.of(toolPid).ifPresent(p -> assertThat(p.onExit()).succeedsWithin(10, TimeUnit.SECONDS));
        assertThat(cwd.resolve("m.neff")).doesNotExist();
        try (Stream<Path> files = Files.list(cwd)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("m.neff.tmp"));
        }
        assertThat(cwd.resolve("m.work/log-starfish.txt")).content()
                .contains("compile interrupted (SIGTERM); tools stopped while running job WalrusDriver");
    }

    @Test
    void sigintStopsTheToolsAndExits130() throws Exception {
        AssembledDistribution.Started compile = dist.start(cwd, "compile", "m.hlo");
        awaitToolStarted();
        assertThat(new ProcessBuilder("kill", "-INT", String.valueOf(compile.process().pid())).start().waitFor()).isZero();
        AssembledDistribution.Run run = compile.await();
        assertThat(run.exitCode()).as("%s", run).isEqualTo(130);
        assertThat(run.stderr()).isEqualTo("starfish: compile interrupted (SIGINT); tools stopped\n");
    }

    private long awaitToolStarted() throws IOException, InterruptedException {
        Path pidFile = gate.resolve("tool.pid");
        try (WatchService watcher = gate.getFileSystem().newWatchService()) {
            gate.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(pidFile)) {
                WatchKey key = watcher.poll(60, TimeUnit.SECONDS);
                assertThat(key).as("the held tool started within a minute").isNotNull();
                key.pollEvents();
                key.reset();
            }
        }
        return Long.parseLong(Files.readString(pidFile).trim());
    }
}

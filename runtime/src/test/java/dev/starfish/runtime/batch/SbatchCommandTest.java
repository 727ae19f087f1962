package dev.starfish.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SbatchCommandTest {

    @TempDir
    Path tmp;

    @Test
    void oneArrayOfNTasksWithTheAskedResourcesAndTheExtraArgumentsLast() {
        SlurmSettings settings = new SlurmSettings(Optional.of("gpu"), Optional.of("30:00"), OptionalInt.of(4),
                OptionalInt.of(3), List.of("--exclusive", "--qos=high"));
        assertThat(SbatchCommand.argv(settings, 3, Path.of("/shared/b"), Path.of("/shared/cwd"))).containsExactly(
                "sbatch", "--parsable", "--array=0-2", "--job-name=starfish-batch", "--chdir=/shared/cwd",
                "--output=/shared/b/task-%a.out", "--partition=gpu", "--time=30:00", "--cpus-per-task=4",
                "--exclusive", "--qos=high", "/shared/b/task.sh");
    }

    @Test
    void withoutOptionsOnlyTheArrayIsAskedFor() {
        SlurmSettings none = new SlurmSettings(Optional.empty(), Optional.empty(), OptionalInt.empty(), OptionalInt.empty(),
                List.of());
        assertThat(SbatchCommand.argv(none, 1, Path.of("/b"), Path.of("/c"))).containsExactly("sbatch", "--parsable",
                "--array=0-0", "--job-name=starfish-batch", "--chdir=/c", "--output=/b/task-%a.out", "/b/task.sh");
    }

    /** Runs the script with a stand-in {@code bin/starfish} that prints its argv, as an array task would. */
    @Test
    void theTaskScriptRunsALocalBatchOnItsShareWithTheBatchOptions() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home/bin"));
        Path starfish = home.resolve("starfish");
        Files.writeString(starfish, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
        Files.setPosixFilePermissions(starfish, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = Files.createDirectories(tmp.resolve("batch dir"));
        Files.writeString(dir.resolve("task-1.models"), "/m/a b.hlo\0/m/c.hlo\0");
        Path script = dir.resolve(SbatchCommand.SCRIPT);
        Files.writeString(script, SbatchCommand.script(tmp.resolve("home"), dir,
                List.of("--pipeline", "Frontend,NeffWrapper", "--level", "it's 2")));
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        pb.environment().put("SLURM_ARRAY_TASK_ID", "1");
        pb.environment().remove("STARFISH_HOME");
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(out).isZero();
        assertThat(out.lines()).containsExactly("batch", "--executor", "local", "--report", dir.resolve("task-1.json").toString(),
                "--pipeline", "Frontend,NeffWrapper", "--level", "it's 2", "--", "/m/a b.hlo", "/m/c.hlo");
    }

    /** An installation path that is shell syntax ({@code $(...)}, a quote, a space, a newline) is only a path. */
    @Test
    void theInstallationPathIsQuotedSoNothingInItRuns() throws Exception {
        Path home = tmp.resolve("it's a $(touch pwned) `touch pwned2`\nhome");
        Path starfish = Files.createDirectories(home.resolve("bin")).resolve("starfish");
        Files.writeString(starfish, "#!/bin/sh\necho ran \"$1\"\n");
        Files.setPosixFilePermissions(starfish, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = Files.createDirectories(tmp.resolve("b $(touch pwned3)"));
        Files.writeString(dir.resolve("task-0.models"), "/m/a.hlo\0");
        Path script = dir.resolve(SbatchCommand.SCRIPT);
        Files.writeString(script, SbatchCommand.script(home, dir, List.of("$(touch pwned4)")));
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().put("SLURM_ARRAY_TASK_ID", "0");
        pb.environment().remove("STARFISH_HOME");
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(out).isZero();
        assertThat(out).as("the installation's starfish ran").isEqualTo("ran batch\n");
        try (var files = Files.list(cwd)) {
            assertThat(files).as("nothing in a path ran").isEmpty();
        }
    }

    @Test
    void theTaskScriptRefusesToRunOutsideAnArray() throws IOException, InterruptedException {
        Path script = tmp.resolve("task.sh");
        Files.writeString(script, SbatchCommand.script(tmp, tmp, List.of()));
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        pb.environment().remove("SLURM_ARRAY_TASK_ID");
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).isNotZero();
        assertThat(out).contains("not started as a Slurm array task");
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failing tool reads the same for every job: the job, the seed's sentence, the exit status, the replay script. */
class ToolFailureIT {

    @TempDir
    Path tmp;

    @Test
    void aFailingToolOfAWholeCompileJobIsNamedLikeAPerSubgraphOneWithoutAnEmptyOutputSection() throws IOException {
        AssembledDistribution dist = AssembledDistribution.built().copyTo(tmp.resolve("dist"));
        Path tool = dist.home().resolve("starfish/bin/private/hlo-neff-wrapper");
        Files.writeString(tool, "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));

        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("starfish: error: job NeffWrapper failed: Child process job \"NeffWrapper\" "
                + "exited abnormally! exit status 1\nReplay this job by calling: " + cwd.resolve("mlp.work")
                + "/replay_NeffWrapper.sh\n");
        assertThat(cwd.resolve("mlp.work/log-starfish.txt")).content().contains("ERROR").contains("Compile failed: job "
                + "NeffWrapper failed");
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A work directory used again by a compile of another model starts clean (issue 24 #4): the
 * earlier compile's subgraphs, replay scripts and reports are gone before the first job, so
 * {@code replay} offers only this compile's steps; a file of the user's own is kept.
 */
class WorkDirectoryReuseIT {

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @Test
    void aReusedWorkDirectoryKeepsNothingOfTheEarlierCompile() throws Exception {
        Path shared = cwd.resolve("shared.work");
        Path three = Files.copy(dist.example("fusion_call.hlo"), cwd.resolve("three.hlo"));
        Path one = Files.copy(dist.example("mlp.hlo"), cwd.resolve("one.hlo"));
        compile(three, shared);
        assertThat(shared.resolve("sg02")).as("the first model has three subgraphs").isDirectory();
        Path notes = Files.writeString(shared.resolve("notes.txt"), "mine");
        Path kgraphDir = Files.createDirectories(shared.resolve("sg02.notes"));

        compile(one, shared);
        assertThat(shared.resolve("sg01")).as("the earlier compile's second subgraph").doesNotExist();
        assertThat(shared.resolve("sg02")).doesNotExist();
        assertThat(notes).as("the user's own file").hasContent("mine");
        assertThat(kgraphDir).as("a directory of the user's own").isDirectory();

        AssembledDistribution.Run replay = dist.run(cwd, "replay", shared.toString(), "WalrusDriver", "sg00");
        assertThat(replay.exitCode()).as("the one WalrusDriver script: %s", replay).isZero();
        AssembledDistribution.Run stale = dist.run(cwd, "replay", shared.toString(), "WalrusDriver", "sg01");
        assertThat(stale.exitCode()).as("no stale sg01 of the other model: %s", stale).isEqualTo(2);
        assertThat(Files.readString(shared.resolve("report.json"))).contains("one.hlo").doesNotContain("three.hlo");
    }

    private void compile(Path model, Path workDir) {
        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString(), "--workdir", workDir.toString(),
                "--keep-temps", "--no-cache", "-q", "-o", cwd.resolve(model.getFileName() + ".neff").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
    }
}

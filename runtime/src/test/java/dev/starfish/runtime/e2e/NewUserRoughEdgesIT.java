package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The small things a new user tripped over (issue 24, round two, #13). */
class NewUserRoughEdgesIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path tmp;

    @Test
    void aSuccessfulCompileLeavesNoEmptySubgraphDirectoryUnlessTempsAreKept() throws IOException {
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(cwd.resolve("mlp.work/sg00")).as("nothing is left in it, so it goes").doesNotExist();

        AssembledDistribution.Run kept = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--keep-temps",
                "--workdir", "kept.work");
        assertThat(kept.exitCode()).as("%s", kept).isZero();
        assertThat(cwd.resolve("kept.work/sg00/model.bir")).exists();
    }

    @Test
    void aToolWithARelativeInterpreterIsExplainedAsLintExplainsIt() throws IOException {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("dist"));
        Path tool = copy.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!bash\necho never\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));

        AssembledDistribution.Run run = copy.run(cwd, "compile", copy.example("mlp.hlo").toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stderr()).contains("job WalrusDriver failed on subgraph sg00: Child process job \"WalrusDriver\" "
                + "exited abnormally! could not start: execv: No such file or directory; the tool " + tool
                + " has the #! line '#!bash': expected an absolute interpreter path such as #!/bin/sh\n");
    }

    @Test
    void doctorDoesNotCountTheInternalUnitTestAsATool() {
        assertThat(dist.home().resolve("starfish/bin/private/tensor_indirect_test")).as("the build leaves it there")
                .isExecutable();
        AssembledDistribution.Run run = dist.run(tmp, "doctor");
        assertThat(run.stdout()).as("%s", run).contains("0 tools in starfish/bin/private")
                .contains("5 tools in starfish/bin, each executable");
    }

    @Test
    void theSdkTemplateNamesTheOptionThatListsBundledLibraries() throws Exception {
        String pom = Files.readString(dist.home().resolve("sdk/job-template/pom.xml"));
        Matcher listing = Pattern.compile("pom\\.properties stay, so starfish ([a-z]+) lists them with its ([a-z-]+) option")
                .matcher(pom);
        assertThat(listing.find()).as("the shade comment names the command and option that list bundled libraries")
                .isTrue();
        AssembledDistribution.Run help = dist.run(tmp, listing.group(1), "--help");
        assertThat(help.exitCode()).as("%s", help).isZero();
        assertThat(help.stdout()).contains("--" + listing.group(2) + " ");
        AssembledDistribution.Run listed = dist.run(tmp, listing.group(1), "--" + listing.group(2));
        assertThat(listed.exitCode()).as("%s", listed).isZero();
    }

    @Test
    void theJobGuideSaysIntegerOptionsAreLongs() throws IOException {
        assertThat(Files.readString(dist.home().resolve("sdk/writing-a-job.md")))
                .contains("`.integer(...)`\n(a `long`: narrow it with `Math.toIntExact` where you need an `int`)");
    }
}

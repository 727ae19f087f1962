package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver never overwrites, truncates or deletes a file the user did not ask it to write. */
class UserFilesIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private Path model() throws IOException {
        Path model = cwd.resolve("m.hlo");
        if (!Files.exists(model)) {
            Files.copy(dist.example("mlp.hlo"), model);
        }
        return model;
    }

    private void assertModelIntact() throws IOException {
        assertThat(Files.readString(cwd.resolve("m.hlo"))).isEqualTo(Files.readString(dist.example("mlp.hlo")));
    }

    @Test
    void anOutputThatIsTheModelIsRefusedAndTheModelIsKept() throws IOException {
        model();
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "-o", "./m.hlo");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: input file 'm.hlo' is the same as output file");
        assertModelIntact();
        assertThat(cwd.resolve("m.work")).doesNotExist();
    }

    @Test
    void anOutputThatIsAHardLinkOfTheModelIsRefused() throws IOException {
        model();
        Files.createLink(cwd.resolve("alias.neff"), cwd.resolve("m.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "-o", "alias.neff");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("is the same as output file");
        assertModelIntact();
    }

    @Test
    void aLogFileThatIsTheModelIsRefusedBeforeItIsTruncated() throws IOException {
        model();
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "--logfile", "m.hlo");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: input file 'm.hlo' is the same as log file");
        assertModelIntact();
    }

    @Test
    void aLogFileThatIsTheOutputIsRefused() throws IOException {
        model();
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "--logfile", "out.neff", "-o", "out.neff");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: log file '" + cwd.resolve("out.neff")
                + "' is the same as output file");
    }

    @Test
    void aDeviceAsOutputIsNeverReplaced() throws IOException {
        model();
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "-o", "/dev/null");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: output file /dev/null exists and is not a regular file "
                + "(a device, pipe or socket); refusing to replace it\n");
        assertThat(Files.isRegularFile(Path.of("/dev/null"))).as("/dev/null is still the null device").isFalse();
    }

    @Test
    void anUnwritableLogFileIsOneLineAndExit2BeforeAnythingRuns() throws IOException {
        model();
        Files.createDirectories(cwd.resolve("logdir"));
        AssembledDistribution.Run dir = dist.run(cwd, "compile", "m.hlo", "--logfile", "logdir");
        assertThat(dir.exitCode()).isEqualTo(2);
        assertThat(dir.stderr()).isEqualTo("starfish: error: log file " + cwd.resolve("logdir")
                + " is a directory; expected a file name\n");
        AssembledDistribution.Run proc = dist.run(cwd, "compile", "m.hlo", "--logfile", "/proc/starfish-log");
        assertThat(proc.exitCode()).isEqualTo(2);
        assertThat(proc.stderr()).startsWith("starfish: error: cannot write the log file /proc/starfish-log: ")
                .endsWith("; give --logfile a writable file\n");
        assertThat(cwd.resolve("m.neff")).doesNotExist();
    }

    @Test
    void anOverLongOutputNameIsRefusedUpFront() throws IOException {
        model();
        String name = "n".repeat(248) + ".neff";
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "-o", name);
        assertThat(run.exitCode()).as("a 253-byte name would fail at the very end, as NAME.tmpXXXXXX: %s", run)
                .isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: output file name is 253 bytes long; at most 245 are "
                + "allowed (the file system allows 255, and the file is first written as NAME.tmpXXXXXX)");
        assertThat(cwd.resolve("m.work")).doesNotExist();

        AssembledDistribution.Run longest = dist.run(cwd, "compile", "m.hlo", "-o", "n".repeat(240) + ".neff");
        assertThat(longest.exitCode()).as("a 245-byte name compiles: %s", longest).isZero();
        assertThat(cwd.resolve("n".repeat(240) + ".neff")).isRegularFile();
    }

    @Test
    void aNonEmptyWorkDirectoryStarfishDidNotCreateIsRefusedAndItsFilesKept() throws IOException {
        model();
        Files.writeString(cwd.resolve("tensor_map.json"), "{\"mine\": true}");
        Files.writeString(cwd.resolve("kgraph.json"), "{\"mine\": true}");
        AssembledDistribution.Run run = dist.run(cwd, "compile", "m.hlo", "--workdir", ".");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: work directory " + cwd
                + " is not empty and was not created by starfish; use a new directory\n");
        assertThat(cwd.resolve("tensor_map.json")).hasContent("{\"mine\": true}");
        assertThat(cwd.resolve("kgraph.json")).hasContent("{\"mine\": true}");
        assertThat(cwd.resolve("sg00")).doesNotExist();
    }

    @Test
    void aWorkDirectoryStarfishCreatedIsReusedByTheNextCompile() throws IOException {
        model();
        assertThat(dist.run(cwd, "compile", "m.hlo").exitCode()).isZero();
        AssembledDistribution.Run again = dist.run(cwd, "compile", "m.hlo");
        assertThat(again.exitCode()).as("%s", again).isZero();
        assertThat(cwd.resolve("m.work/.starfish-workdir")).isRegularFile();
    }

    @Test
    void eachCompileKeepsItsOwnLogAndTheDefaultNameLinksToTheLatest() throws IOException {
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("a.hlo"));
        Files.copy(dist.example("mlp_two_heads.hlo"), cwd.resolve("b.hlo"));
        assertThat(dist.run(cwd, "compile", "a.hlo").exitCode()).isZero();
        assertThat(dist.run(cwd, "compile", "b.hlo").exitCode()).isZero();
        assertThat(cwd.resolve("a.work/log-starfish.txt")).content().contains("a.hlo").doesNotContain("b.hlo");
        assertThat(cwd.resolve("b.work/log-starfish.txt")).content().contains("b.hlo").doesNotContain("a.hlo");
        assertThat(Files.isSymbolicLink(cwd.resolve("log-starfish.txt"))).isTrue();
        assertThat(cwd.resolve("log-starfish.txt")).content().contains("b.hlo");
    }

    @Test
    void aUsersOwnLogStarfishTxtIsNotReplacedByTheLink() throws IOException {
        model();
        Files.writeString(cwd.resolve("log-starfish.txt"), "my notes");
        assertThat(dist.run(cwd, "compile", "m.hlo").exitCode()).isZero();
        assertThat(cwd.resolve("log-starfish.txt")).hasContent("my notes");
    }

    @Test
    void aFailedCompileIsLoggedAtErrorWithItsStackTraceInTheLogOnly() throws IOException {
        Files.writeString(cwd.resolve("bad.hlo"), Files.readString(dist.example("bad_shape.hlo")));
        AssembledDistribution.Run run = dist.run(cwd, "compile", "bad.hlo");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(cwd.resolve("bad.work/log-starfish.txt")).content().contains("ERROR").contains("Compile failed: ");
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every {@code $ starfish …} line of the README's tour, in a directory holding
 * {@code model.hlo}, and checks the outcome its comment documents: each succeeds, a compile
 * writes what its comment names, JSON is JSON, {@code -###} prints replayable commands.
 */
class ReadmeCommandsIT {

    private static final Path README = Path.of(System.getProperty("starfish.test.readme", "../README.md"));

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    static List<String> tourCommands() throws IOException {
        List<String> commands = new ArrayList<>();
        for (String line : Files.readAllLines(README)) {
            if (line.startsWith("$ starfish ")) {
                commands.add(line.substring(2));
            }
        }
        assertThat(commands).as("the README's tour shows starfish commands").hasSizeGreaterThanOrEqualTo(8);
        return commands;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tourCommands")
    void eachTourCommandDoesWhatItsCommentSays(String line) throws IOException {
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("model.hlo"));
        int hash = line.indexOf("  #");
        String command = hash < 0 ? line.strip() : line.substring(0, hash).strip();
        String comment = hash < 0 ? "" : line.substring(hash + 3).strip();
        String[] args = Arrays.stream(command.split("\\s+")).skip(1).toArray(String[]::new);
        if (args[0].equals("replay") || args[0].equals("inspect")) {
            AssembledDistribution.Run kept = dist.run(cwd, "compile", "model.hlo", "--keep-temps");
            assertThat(kept.exitCode()).as("the compile %s needs: %s", args[0], kept).isZero();
        }

        AssembledDistribution.Run run = dist.run(cwd, args);

        assertThat(run.exitCode()).as("%s: %s", command, run).isZero();
        if (!command.matches(".*\\s-v+(\\s.*)?")) {
            assertThat(run.stderr()).as("%s prints no warning or error: %s", command, run).isEmpty();
        }
        if (comment.startsWith("-> model.neff")) {
            assertThat(cwd.resolve("model.neff")).isRegularFile();
            assertThat(cwd.resolve("model.work/log-starfish.txt")).content().contains("Compile finished");
        }
        if (command.contains("--json")) {
            assertThat(new ObjectMapper().readTree(run.stdout()).isArray()).as(command).isTrue();
        }
        if (command.contains("-###")) {
            assertThat(run.stdout().lines()).as(command).allMatch(l -> l.startsWith("cd ") || l.startsWith("#"));
            assertThat(cwd.resolve("model.neff")).as("-### runs no tool").doesNotExist();
        }
        if (args[0].equals("replay") && args.length == 2) {
            assertThat(run.stdout()).as(command).containsPattern("HLOToTensorizer +sg00 +" + cwd.resolve("model.work"));
        }
        if (args[0].equals("inspect")) {
            assertThat(run.stdout()).as(command).contains("Compile record:").doesNotContain("digest differs");
        }
        if (args[0].equals("clean")) {
            assertThat(run.stdout()).as(command).isEqualTo("nothing to remove\n");
        }
        if (args[0].equals("pipeline")) {
            assertThat(run.stdout()).as(command).containsPattern("1 +Frontend +always ");
        }
        if (args[0].equals("doctor")) {
            assertThat(run.stdout().lines()).as(command).isNotEmpty().allMatch(l -> l.startsWith("OK "));
        }
        if (args[0].equals("generate-completion")) {
            assertThat(run.stdout()).as(command).contains("complete -F _starfish_complete")
                    .contains("function _complete_starfish()");
        }
        if (command.contains("--keep-temps")) {
            assertThat(cwd.resolve("model.work/sg00/model.bir")).isRegularFile();
        }
    }
}

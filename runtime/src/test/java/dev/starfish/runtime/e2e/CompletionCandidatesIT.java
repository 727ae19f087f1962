package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the installed completion offers where the candidates depend on the line itself: the job
 * after a comma of {@code --pipeline}, replay's jobs and subgraphs from the work directory's own
 * scripts, and the executors of {@code batch --executor}. Each case runs the function that
 * {@code complete -p starfish} names in a real bash, as a Tab press would.
 */
class CompletionCandidatesIT {

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    private Path script;

    @BeforeEach
    void generateTheScript() throws Exception {
        AssembledDistribution.Run run = dist.run(cwd, "generate-completion");
        assertThat(run.exitCode()).as("%s", run).isZero();
        script = Files.writeString(cwd.resolve("starfish-completion.bash"), run.stdout());
    }

    @Test
    void thePipelineCompletesTheJobAfterTheLastComma() throws Exception {
        assertThat(complete("starfish", "compile", "--pipeline", "Frontend,Wal"))
                .containsExactly("Frontend,WalrusDriver");
        assertThat(complete("starfish", "compile", "--pipeline", "Frontend,HLOToTensorizer,"))
                .as("every job not yet listed, after the list so far")
                .contains("Frontend,HLOToTensorizer,WalrusDriver", "Frontend,HLOToTensorizer,NeffWrapper")
                .noneMatch(c -> c.endsWith(",Frontend") || c.endsWith(",HLOToTensorizer"))
                .allMatch(c -> c.startsWith("Frontend,HLOToTensorizer,"));
        assertThat(complete("starfish", "batch", "--pipeline", "HLO")).as("batch's --pipeline too")
                .containsExactly("HLOToTensorizer");
        assertThat(complete("starfish", "compile", "--pipeline", "=", "Frontend,Sa")).as("--pipeline=VALUE")
                .containsExactly("Frontend,SaveTemps");
    }

    @Test
    void replayOffersOnlyTheJobsAndSubgraphsThatHaveAScriptInTheWorkDirectory() throws Exception {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        AssembledDistribution.Run compile = dist.run(cwd, "compile", model.toString(), "--keep-temps",
                "--no-cache", "-q", "--pipeline", "Frontend,HLOToTensorizer,WalrusDriver");
        assertThat(compile.exitCode()).as("%s", compile).isZero();

        assertThat(complete("starfish", "replay", "mlp.work", "")).as("jobs with a replay script in mlp.work")
                .containsExactly("HLOToTensorizer", "WalrusDriver");
        assertThat(complete("starfish", "replay", "-v", "mlp.work", "Wa")).as("options before the directory")
                .containsExactly("WalrusDriver");
        assertThat(complete("starfish", "replay", "mlp.work", "WalrusDriver", "")).as("WalrusDriver's subgraphs")
                .isNotEmpty().allMatch(sg -> sg.matches("sg\\d+"));

        Files.createDirectory(cwd.resolve("empty.work"));
        assertThat(complete("starfish", "replay", "empty.work", "")).as("a directory without scripts").isEmpty();
    }

    @Test
    void theExecutorCompletesToItsTwoNames() throws Exception {
        assertThat(complete("starfish", "batch", "--executor", "")).containsExactly("local", "slurm");
        assertThat(complete("starfish", "batch", "--executor", "sl")).containsExactly("slurm");
    }

    /** What the function registered for {@code starfish} offers for the last of {@code words}. */
    private List<String> complete(String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word).append('\'');
        }
        String program = "source '" + script + "'\n"
                + "fn=$(complete -p starfish | sed -E 's/.* -F ([^ ]+) .*/\\1/')\n"
                + "COMP_WORDS=(" + array + " )\n"
                + "COMP_CWORD=" + (words.length - 1) + "\n"
                + "COMP_LINE=\"${COMP_WORDS[*]}\"\nCOMP_POINT=${#COMP_LINE}\n"
                + "\"$fn\"\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        // stderr apart: compopt complains when the function is called outside a real completion
        Process bash = new ProcessBuilder("bash", "-c", program).directory(cwd.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        bash.getOutputStream().close();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor()).as("bash: %s", out).isZero();
        return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compile's progress on the console: on a pseudo-terminal (util-linux {@code script}) a status
 * line redrawn in place and a per-job table at the end; on a pipe one plain line per job and no
 * control character; with {@code --quiet} only the final line, on either.
 */
class ProgressIT {

    private static final String ESC = "\u001b";
    private static final String REDRAW = ESC + "[1A" + ESC + "[2K";
    private static final List<String> PIPELINE = List.of("Frontend", "StaticIOTranspose", "HLOToTensorizer",
            "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "Kelper", "NeffWrapper", "SaveTemps");

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void onAPipeEachFinishedJobIsOnePlainLineAndTheFinalLineComesLast() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString(), "-j", "2");

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stdout()).as("no control characters on a pipe").doesNotContain(ESC).doesNotContain("\r");
        List<String> lines = run.stdout().lines().toList();
        assertThat(lines).hasSize(PIPELINE.size() + 1);
        for (int i = 0; i < PIPELINE.size(); i++) {
            assertThat(lines.get(i)).as("line of job %d", i + 1)
                    .startsWith("[" + (i + 1) + "/" + PIPELINE.size() + "] " + PIPELINE.get(i) + " done in ");
        }
        assertThat(lines.get(3)).as("a native job's line has its tools' usage")
                .matches("\\[4/9\\] WalrusDriver done in \\d+ ms \\(2 steps; tool CPU \\d+ ms, peak RSS [\\d.]+ [KM]iB\\)");
        assertThat(lines.get(PIPELINE.size())).startsWith("Compiled ");
    }

    @Test
    void onATerminalTheStatusLineIsRedrawnInPlaceAndLeavesAPerJobTable() {
        AssembledDistribution.Run run = onTerminal("compile", dist.example("mlp.hlo").toString());

        assertThat(run.exitCode()).as("%s", run).isZero();
        String out = run.stdout().replace("\r\n", "\n");
        assertThat(out).as("the status line is redrawn in place").contains(REDRAW).containsPattern(
                "\\[\\d/9\\] \\w+ +elapsed \\d");
        String afterLastRedraw = out.substring(out.lastIndexOf(REDRAW) + REDRAW.length());
        List<String> table = afterLastRedraw.lines().toList();
        assertThat(table.get(0)).as("a bold header").startsWith(ESC + "[1m").contains("job").contains("wall")
                .contains("tool CPU").contains("peak RSS");
        for (int i = 0; i < PIPELINE.size(); i++) {
            assertThat(table.get(i + 1)).as("row of %s", PIPELINE.get(i)).startsWith(PIPELINE.get(i) + " ")
                    .doesNotContain(ESC);
        }
        assertThat(table.get(4)).as("a native job's row").matches("WalrusDriver +\\d+ ms +\\d+ ms +[\\d.]+ [KM]iB");
        assertThat(table.get(1)).as("an in-process job's row").matches("Frontend +[\\d.]+ m?s +- +-");
        assertThat(table.get(PIPELINE.size() + 1)).startsWith("Compiled ");
    }

    @Test
    void quietPrintsOnlyTheFinalLineOnAPipeAndOnATerminal() {
        AssembledDistribution.Run pipe = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--quiet",
                "--workdir", "pipe.work");
        AssembledDistribution.Run terminal = onTerminal("compile", dist.example("mlp.hlo").toString(), "-q",
                "--workdir", "tty.work");

        for (AssembledDistribution.Run run : List.of(pipe, terminal)) {
            assertThat(run.exitCode()).as("%s", run).isZero();
            assertThat(run.stdout().replace("\r\n", "\n")).as("%s", run).doesNotContain(ESC)
                    .matches("Compiled [^\n]+\n");
        }
    }

    @Test
    void aPlanOnATerminalIsPrintedWithoutProgress() {
        AssembledDistribution.Run run = onTerminal("compile", dist.example("mlp.hlo").toString(), "-###");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stdout()).doesNotContain(ESC).startsWith("# plan of mlp.hlo");
    }

    private AssembledDistribution.Run onTerminal(String... args) {
        return dist.runOnTerminal(cwd, args);
    }
}

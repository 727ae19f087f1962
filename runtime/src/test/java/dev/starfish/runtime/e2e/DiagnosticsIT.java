package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user reads when the model is not what starfish compiles (issue 24): one whole line
 * on the console, the same in the log, never cut mid-word; the list of ops is in the docs, not
 * in the message; a misspelt op gets a suggestion, StableHLO text is named as such with the way
 * to get HLO text from JAX, and a while loop is named as {@code while}. Under the message, as clang
 * shows it, the source line and a caret under the column with '~' under the token, the same on the
 * console, in the log and from the tool; a hostile line's escape sequences shown escaped.
 */
class DiagnosticsIT {

    private static final String DOCS = "(the supported ops are listed in docs/toolchain-contract.md, "
            + "\"Supported HLO subset\")";

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void anUnsupportedOpIsOneWholeLinePointingAtTheContractOnTheConsoleInTheLogAndFromTheTool() throws IOException {
        // a deep directory makes the located message longer than any fixed buffer the path used to go through
        Path dir = Files.createDirectories(cwd.resolve("d".repeat(200)).resolve("e".repeat(200)).resolve("f".repeat(200)));
        Path model = Files.copy(dist.example("unsupported_op.hlo"), dir.resolve("unsupported_op.hlo"));
        String message = model + ":6:37: unsupported op 'convolution' " + DOCS + "\n"
                + "    6 |   ROOT %conv.3 = f32[1,14,8]{2,1,0} convolution(f32[1,16,8]{2,1,0} %Arg_0.1, "
                + "f32[3,8,8]{2,1,0} %Arg_1.2), window={siz...\n"
                + "      |                                     ^~~~~~~~~~~";

        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + message + "\n");
        assertThat(Files.readString(cwd.resolve("unsupported_op.work/log-starfish.txt"))).contains(message + "\n");

        Process tool = new ProcessBuilder(dist.home().resolve("starfish/bin/hlo2penguin").toString(), model.toString(),
                "-o", cwd.resolve("out.penguin").toString()).redirectErrorStream(true).start();
        String toolOutput = new String(tool.getInputStream().readAllBytes());
        assertThat(waitFor(tool)).isEqualTo(2);
        assertThat(toolOutput).isEqualTo("hlo2penguin: " + message + "\n");
    }

    @Test
    void aMisspeltOpGetsTheSupportedOpItWasMostLikelyMeantToBe() throws IOException {
        Path model = write("typo.hlo", "HloModule typo\nENTRY main {\n  p = f32[4] parameter(0)\n"
                + "  ROOT r = f32[4] exponentail(p)\n}\n");

        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + model
                + ":4:19: unsupported op 'exponentail': did you mean 'exponential'? " + DOCS + "\n"
                + "    4 |   ROOT r = f32[4] exponentail(p)\n"
                + "      |                   ^~~~~~~~~~~\n");
        String log = Files.readString(cwd.resolve("typo.work/log-starfish.txt"));
        assertThat(log).contains("did you mean 'exponential'? " + DOCS + "\n    4 |   ROOT r = f32[4] exponentail(p)\n"
                + "      |                   ^~~~~~~~~~~\n");
    }

    @Test
    void theSnippetShowsAHostileLinesEscapeSequencesEscapedWithTheCaretStillUnderTheColumn() throws IOException {
        Path model = write("hostile.hlo", "HloModule hostile\nENTRY main {\n  p = f32[4] parameter(0)\n"
                + "  ROOT r = f32[4] /*\u001b]0;pwned\u0007\u001b[2J\u001b[H\r\u009b\u202e*/ exponentail(p)\n}\n");

        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        String log = Files.readString(cwd.resolve("hostile.work/log-starfish.txt"));
        for (String shown : new String[] {run.stderr(), log}) {
            assertThat(shown).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\r")
                    .doesNotContain("\u009b").doesNotContain("\u202e");
            List<String> lines = shown.lines().toList();
            int at = indexOfLineContaining(lines, ":4:");
            assertThat(lines.get(at)).endsWith(":4:47: unsupported op 'exponentail': did you mean 'exponential'? " + DOCS);
            String source = lines.get(at + 1);
            String caret = lines.get(at + 2);
            assertThat(source).isEqualTo("    4 |   ROOT r = f32[4] /*\\x1b]0;pwned\\x07\\x1b[2J\\x1b[H\\r\\u009b\\u202e*/ "
                    + "exponentail(p)");
            assertThat(caret).matches(" {6}\\| +\\^~{10}");
            assertThat(caret.indexOf('^')).as("the caret under the op").isEqualTo(source.indexOf("exponentail"));
        }
    }

    private static int indexOfLineContaining(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no line contains " + text + " in " + lines);
    }

    @Test
    void stableHloTextIsNamedAsSuchWithHowToGetHloTextFromJax() throws IOException {
        Path model = write("f.mlir", "module @jit_f attributes {mhlo.num_partitions = 1 : i32} {\n"
                + "  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = \"\"}) {\n"
                + "    %0 = stablehlo.exponential %arg0 : tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }\n}\n");

        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + model + ":1:1: found StableHLO (MLIR) text "
                + "('module'), not HLO text: starfish reads XLA's HLO text; from JAX, write "
                + "jax.jit(f).lower(*args).compiler_ir('hlo').as_hlo_text() to a file and compile that\n"
                + "    1 | module @jit_f attributes {mhlo.num_partitions = 1 : i32} {\n"
                + "      | ^~~~~~\n");
    }

    @Test
    void anUnsupportedWhileIsNamedAsWhileNotAsItsConditionsTupleParameter() throws IOException {
        Path model = write("loop.hlo", """
                HloModule loop
                cond {
                  cp = (s32[]) parameter(0)
                  ci = s32[] get-tuple-element(cp), index=0
                  lim = s32[] constant(10)
                  ROOT lt = pred[] compare(ci, lim), direction=LT
                }
                body {
                  bp = (s32[]) parameter(0)
                  bi = s32[] get-tuple-element(bp), index=0
                  one = s32[] constant(1)
                  n = s32[] add(bi, one)
                  ROOT t = (s32[]) tuple(n)
                }
                ENTRY main {
                  z = s32[] constant(0)
                  init = (s32[]) tuple(z)
                  w = (s32[]) while(init), condition=cond, body=body
                  ROOT r = s32[] get-tuple-element(w), index=0
                }
                """);

        AssembledDistribution.Run run = dist.run(cwd, "compile", model.toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + model + ":18:15: unsupported op 'while' " + DOCS + "\n"
                + "   18 |   w = (s32[]) while(init), condition=cond, body=body\n"
                + "      |               ^~~~~\n");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(cwd.resolve(name), text);
    }

    private static int waitFor(Process process) {
        try {
            return process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

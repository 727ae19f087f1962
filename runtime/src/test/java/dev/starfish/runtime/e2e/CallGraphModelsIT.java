package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Models whose fusion/call graph is built to break the driver (issue 23 F10, F11): a 10 000-deep
 * chain of calls once overflowed the stack of the in-process JNI parse in Frontend (the JVM died
 * with SIGSEGV), and 24 computations each calling the next twice inlined into 2^23 instructions
 * until the memory limit killed the driver. Both are now one {@code file:line:col} diagnostic
 * naming the limit, exit 2, with no crash report and no output.
 */
class CallGraphModelsIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    /**
     * ENTRY calls f1; each fi (i < n) calls f(i+1) {@code fan} times in a row, each call on the
     * previous one's result; fn negates. Callers first, as in the audit's models.
     */
    private static String calls(int n, int fan) {
        StringBuilder hlo = new StringBuilder("HloModule calls\n\nENTRY main {\n  p = f32[4] parameter(0)\n"
                + "  ROOT c = f32[4] call(p), to_apply=f1\n}\n");
        for (int i = 1; i < n; i++) {
            hlo.append("\nf").append(i).append(" {\n  p = f32[4] parameter(0)\n");
            for (int j = 0; j < fan; j++) {
                hlo.append(j == fan - 1 ? "  ROOT " : "  ").append('k').append(j).append(" = f32[4] call(")
                        .append(j == 0 ? "p" : "k" + (j - 1)).append("), to_apply=f").append(i + 1).append('\n');
            }
            hlo.append("}\n");
        }
        return hlo.append("\nf").append(n).append(" {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] negate(p)\n}\n")
                .toString();
    }

    private AssembledDistribution.Run compile(String name, String text) throws IOException {
        Files.writeString(cwd.resolve(name), text);
        return dist.run(cwd, "compile", name);
    }

    private void assertNothingWrittenAndNoCrash(String model) throws IOException {
        assertThat(cwd.resolve(model.replace(".hlo", ".neff"))).as("no NEFF for a refused model").doesNotExist();
        try (Stream<Path> files = Files.walk(cwd)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("no JVM crash report, no core file, no half-written output")
                    .noneMatch(n -> n.startsWith("hs_err") || n.startsWith("core") || n.contains(".tmp"));
        }
    }

    @Test
    void aTenThousandDeepCallChainIsOneDiagnosticNamingTheDepthLimit() throws IOException {
        String text = calls(10_000, 1);
        assertThat(text.length()).as("the audit's model size").isGreaterThan(700_000);
        AssembledDistribution.Run run = compile("deep.hlo", text);
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        // f8999 is the first computation more than 1000 calls deep; its call is two lines below its name
        int line = lineOf(text, "f8999 {") + 2;
        assertThat(run.stderr()).isEqualTo("starfish: error: " + cwd.resolve("deep.hlo") + ":"
                + line + ":20: call depth limit"
                + " exceeded: computation 'f8999' nests fusion/call 1001 deep through 'f9000' (at most 1000 nested"
                + " levels are supported)\n" + snippet(text, line, 20));
        assertNothingWrittenAndNoCrash("deep.hlo");
    }

    @Test
    void computationsCallingTheNextTwiceAreRefusedBeforeTheInlinedCopiesAreMade() throws IOException {
        String text = calls(24, 2);
        assertThat(text.length()).as("a few kilobytes").isLessThan(5_000);
        AssembledDistribution.Run run = compile("double.hlo", text);
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        int line = lineOf(text, "f4 {");
        assertThat(run.stderr()).isEqualTo("starfish: error: " + cwd.resolve("double.hlo") + ":" + line
                + ":1: instruction limit exceeded: inlining fusion/call up to computation 'f4' makes more than 2097152"
                + " instructions (at most 2097152 per module after inlining are supported)\n" + snippet(text, line, 1));
        assertNothingWrittenAndNoCrash("double.hlo");
    }

    /**
     * The source line and caret line under a diagnostic at line:col of text (ASCII, no tabs): the
     * caret under the name there, '~' under the rest of it.
     */
    private static String snippet(String text, int line, int col) {
        String source = text.lines().skip(line - 1L).findFirst().orElseThrow();
        int end = col - 1;
        while (end < source.length() && source.substring(end, end + 1).matches("[%A-Za-z0-9_.-]")) {
            end++;
        }
        return String.format("%5d | %s\n%5s | %s^%s\n", line, source, "", " ".repeat(col - 1), "~".repeat(end - col));
    }

    private static int lineOf(String text, String fragment) {
        int at = text.indexOf("\n" + fragment) + 1;
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Models written to break the driver (issue 10 findings 1 and 8) get one {@code file:line:col}
 * diagnostic and exit 2 through the whole driver, including the in-process JNI parse in
 * Frontend: no JVM crash, no crash report, no gigabyte allocation.
 */
class HostileModelsIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private AssembledDistribution.Run compile(String name, String text) throws IOException {
        Files.writeString(cwd.resolve(name), text);
        return dist.run(cwd, "compile", name);
    }

    private void assertNoCrashReport() throws IOException {
        try (Stream<Path> files = Files.walk(cwd)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("hs_err"));
        }
    }

    @Test
    void aReduceBodyAfterEntryWhoseRootIsAnAddWithoutOperandsIsADiagnosticNotACrash() throws IOException {
        AssembledDistribution.Run run = compile("crash.hlo", """
                HloModule crash

                ENTRY main {
                  p0 = f32[4] parameter(0)
                  zero = f32[] constant(0)
                  ROOT r = f32[] reduce(p0, zero), dimensions={0}, to_apply=sum
                }

                sum {
                  a = f32[] parameter(0)
                  b = f32[] parameter(1)
                  ROOT s = f32[] add()
                }
                """);
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + cwd.resolve("crash.hlo")
                + ":12:18: add expects 2 operands, found 0\n"
                + "   12 |   ROOT s = f32[] add()\n"
                + "      |                  ^~~\n");
        assertNoCrashReport();
    }

    @Test
    void anAddWithOneOperandIsADiagnostic() throws IOException {
        AssembledDistribution.Run run = compile("one.hlo", "HloModule one\n\nENTRY main {\n  p0 = f32[4] parameter(0)\n"
                + "  ROOT s = f32[4] add(p0)\n}\n");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + cwd.resolve("one.hlo")
                + ":5:19: add expects 2 operands, found 1\n"
                + "    5 |   ROOT s = f32[4] add(p0)\n"
                + "      |                   ^~~\n");
        assertNoCrashReport();
    }

    @Test
    void aGiantConstantWithOneValueIsRefusedBeforeAnythingIsAllocated() throws IOException {
        AssembledDistribution.Run run = compile("big.hlo", "HloModule big\n\nENTRY main {\n"
                + "  c = f32[1000000000] constant(1)\n  ROOT s = f32[1000000000] negate(c)\n}\n");
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: " + cwd.resolve("big.hlo")
                + ":4:23: constant has 1 values but f32[1000000000] needs 1000000000\n"
                + "    4 |   c = f32[1000000000] constant(1)\n"
                + "      |                       ^~~~~~~~\n");
    }
}

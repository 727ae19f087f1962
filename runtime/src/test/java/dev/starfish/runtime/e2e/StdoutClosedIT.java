package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader of stdout that goes away early ({@code starfish jobs | head -1}) neither stops the
 * command nor changes its exit code: a compile still writes its output and the command's own
 * status is returned. The same in a JVM of its own and through the server (the suite runs twice).
 */
class StdoutClosedIT {

    /** Runs the driver with its stdout into {@code head -c 1}; exits with the driver's status. */
    private static final List<String> INTO_HEAD =
            List.of("bash", "-c", "\"$@\" | head -c 1 >/dev/null; exit \"${PIPESTATUS[0]}\"", "piped");

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void aListingIntoAReaderThatLeavesEndsWithItsOwnStatus() {
        AssembledDistribution.Run jobs = shipped.runWrapped(cwd, Map.of(), INTO_HEAD, "jobs", "--wide");
        AssembledDistribution.Run help = shipped.runWrapped(cwd, Map.of(), INTO_HEAD, "--help");

        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stderr()).isEmpty();
        assertThat(help.exitCode()).as("%s", help).isZero();
    }

    @Test
    void aCompileIntoAReaderThatLeavesStillWritesItsOutput() throws IOException {
        Path model = Files.copy(shipped.example("mlp.hlo"), cwd.resolve("m.hlo"));

        // -v: the progress lines go to stdout before the "Compiled" line, so the reader leaves mid-compile
        AssembledDistribution.Run compile = shipped.runWrapped(cwd, Map.of(), INTO_HEAD,
                "compile", model.toString(), "-v", "--no-cache");
        AssembledDistribution.Run failed = shipped.runWrapped(cwd, Map.of(), INTO_HEAD,
                "compile", cwd.resolve("missing.hlo").toString());

        assertThat(compile.exitCode()).as("%s", compile).isZero();
        assertThat(cwd.resolve("m.neff")).isNotEmptyFile();
        assertThat(cwd.resolve("m.work/log-starfish.txt")).content().contains("Compile finished in ");
        assertThat(failed.exitCode()).as("a failure keeps its status: %s", failed).isEqualTo(2);
    }
}

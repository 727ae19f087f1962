package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job the operator put in {@code pipeline=} whose jar is refused (here by {@code plugins.lock},
 * which refuses a jar before reading what it declares) stops every compile with exit 2 and one
 * line naming the jar and why, even with {@code -q}; {@code doctor} fails the pipeline with the
 * same reason; {@code --pipeline} naming it says why instead of a bare "unknown job".
 */
class ConfiguredPipelineIT {

    private static final String JAR = "starfish-job-savetemps-0.1.0.jar";

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    /** A copy of the distribution whose plugins.lock lists every shipped jar but SaveTemps's. */
    private AssembledDistribution lockedWithoutSaveTemps() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        AssembledDistribution.Run lock = copy.run(cwd, "plugins", "lock");
        assertThat(lock.exitCode()).as("%s", lock).isZero();
        Path file = copy.home().resolve("conf/plugins.lock");
        Files.writeString(file, Files.readAllLines(file).stream().filter(line -> !line.endsWith(JAR))
                .collect(Collectors.joining("\n", "", "\n")), StandardCharsets.UTF_8);
        return copy;
    }

    @Test
    void aConfiguredJobWhoseJarIsRefusedStopsTheCompileWith2AndDoctorFailsItForTheSameReason() throws IOException {
        AssembledDistribution copy = lockedWithoutSaveTemps();
        Path lock = copy.home().resolve("conf/plugins.lock");
        String why = JAR + " was refused: not listed in " + lock;

        AssembledDistribution.Run compile = copy.run(cwd, "compile", copy.example("mlp.hlo").toString(), "-q");
        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(2);
        assertThat(compile.stdout()).as("%s", compile).isEmpty();
        assertThat(compile.stderr().lines().filter(line -> line.startsWith("starfish: error: ")))
                .as("%s", compile).containsExactly("starfish: error: job SaveTemps of the pipeline in "
                        + copy.home().resolve("conf/starfish.properties") + " cannot run: no loaded jar declares it, and "
                        + why + "; if you trust it, run `starfish plugins lock` to add it, so what it declares is "
                        + "unknown; fix that jar (starfish doctor), or remove SaveTemps from pipeline= there or name the "
                        + "jobs with --pipeline");
        assertThat(cwd.resolve("mlp.work")).as("nothing ran").doesNotExist();
        assertThat(cwd.resolve("mlp.neff")).doesNotExist();

        AssembledDistribution.Run doctor = copy.run(cwd, "doctor");
        assertThat(doctor.exitCode()).as("%s", doctor).isEqualTo(1);
        assertThat(doctor.stdout()).as("%s", doctor).contains("FAIL  pipeline      job SaveTemps of the pipeline in "
                + copy.home().resolve("conf/starfish.properties") + " cannot run (the jars turned away above, or no jar "
                + "declares them), so every compile stops (exit 2)")
                .contains("FAIL  plugin        " + JAR + " refused: not listed in " + lock);
    }

    @Test
    void aRefusedJobNamedInThePipelineOptionSaysWhyNotJustUnknown() throws IOException {
        AssembledDistribution copy = lockedWithoutSaveTemps();

        AssembledDistribution.Run compile = copy.run(cwd, "compile", copy.example("mlp.hlo").toString(),
                "--pipeline", "Frontend,SaveTemps");
        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(2);
        assertThat(compile.stderr()).as("%s", compile).contains("starfish: error: unknown job 'SaveTemps' in --pipeline")
                .contains("; no loaded jar declares it, and " + JAR + " was refused: not listed in "
                        + copy.home().resolve("conf/plugins.lock"));
    }

    @Test
    void aJobOnTheRejectListIsStillDroppedWithAWarningAndDoctorAgrees() {
        AssembledDistribution.Run compile = dist.run(cwd, "--reject-jobs", "SaveTemps", "compile",
                dist.example("mlp.hlo").toString(), "-q");
        assertThat(compile.exitCode()).as("%s", compile).isZero();
        AssembledDistribution.Run doctor = dist.run(cwd, "--reject-jobs", "SaveTemps", "doctor");
        assertThat(doctor.stdout()).as("%s", doctor)
                .contains("OK    pipeline      11 jobs, all loaded but 1 on the reject list (compiles run without them)");
    }
}

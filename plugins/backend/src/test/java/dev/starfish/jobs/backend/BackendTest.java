package dev.starfish.jobs.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BackendTest {

    private static final Path TOOL = Path.of("/home/u/starfish/bin/private/nn_executor");

    @Test
    void declaresCpuLimitAndIterationsWithDefaults() {
        assertThat(JobDeclaration.of(Backend.class).options()).extracting(JobOption::name, JobOption::paramLabel, JobOption::defaultValue)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("--enable-experimental-backend", "", ""),
                        org.assertj.core.groups.Tuple.tuple("--backend-cpu-limit", "SECONDS", "600"),
                        org.assertj.core.groups.Tuple.tuple("--backend-iterations", "N", "1"));
        assertThat(JobDeclaration.of(Backend.class).tool()).contains("nn_executor");
    }

    @Test
    void runsOnlyOnRequestThroughItsOwnOption() {
        assertThat(JobDeclaration.of(Backend.class).enabledBy()).contains("--enable-experimental-backend");
        assertThat(JobDeclaration.of(Backend.class).consumes()).containsExactly("bir", "goldens", "tensor-map");
    }

    @Test
    void scriptRunsExecutorUnderUlimit() {
        assertThat(Backend.script(TOOL, 600, 1, false)).isEqualTo("ulimit -S -t 600 && exec " + TOOL
                + " --bir model.bir --tensor_map ../tensor_map.json --sunda --inputs goldens/inputs.bin"
                + " --goldens goldens/outputs.bin --json backend.json --iterations 1");
    }

    @Test
    void scriptUsesWatchpointBirAndDumpDirWhenWatchpointRan() {
        assertThat(Backend.script(TOOL, 5, 3, true))
                .startsWith("ulimit -S -t 5 && exec ")
                .contains("--bir model.wp.bir ")
                .contains("--iterations 3")
                .endsWith("--dump-dir watchpoints");
    }

    @Test
    void scriptQuotesAnExecutorPathWithSpaces() {
        assertThat(Backend.script(Path.of("/opt/my tools/nn_executor"), 1, 1, false))
                .startsWith("ulimit -S -t 1 && exec '/opt/my tools/nn_executor' --bir");
    }

    @Test
    void zeroCpuLimitIsInvalidInput() {
        JobOptions options = new JobOptions(Map.of("--backend-cpu-limit", List.of("0")));
        assertThatThrownBy(() -> Backend.positiveInt(options, "--backend-cpu-limit", 600))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--backend-cpu-limit");
    }

    @Test
    void cpuLimitBeyondIntIsInvalidInput() {
        JobOptions options = new JobOptions(Map.of("--backend-cpu-limit", List.of("99999999999")));
        assertThatThrownBy(() -> Backend.positiveInt(options, "--backend-cpu-limit", 600))
                .isInstanceOf(InvalidInputException.class);
    }
}

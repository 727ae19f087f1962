package dev.starfish.jobs.watchpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobOption;
import dev.starfish.api.JobOptions;
import dev.starfish.api.JobState;
import dev.starfish.api.Subgraph;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatchpointTest {

    @Test
    void declaresWatchpointListOption() {
        assertThat(JobDeclaration.of(Watchpoint.class).options()).singleElement().satisfies(option -> {
            assertThat(option.name()).isEqualTo("--watchpoint");
            assertThat(option.type()).isEqualTo(JobOption.Type.LIST);
            assertThat(option.paramLabel()).isEqualTo("TENSOR");
        });
        assertThat(JobDeclaration.of(Watchpoint.class).tool()).contains("watchpoint_insert");
    }

    @Test
    void argvNamesEveryTensorAndWritesWatchpointBir() {
        assertThat(Watchpoint.argv(Path.of("/p/watchpoint_insert"), List.of("dot.6", "add.8")))
                .containsExactly("/p/watchpoint_insert", "--bir", "model.bir", "--tensor", "dot.6", "--tensor", "add.8",
                        "-o", "model.wp.bir");
    }

    @Test
    void commaSeparatedValuesAreSeveralTensors() {
        assertThat(Watchpoint.tensors(List.of("a, b", "c"))).containsExactly("a", "b", "c");
    }

    @Test
    void runsOnlyOnRequestAndNeedsATensor() {
        assertThat(JobDeclaration.of(Watchpoint.class).enabledBy()).contains("--watchpoint");
        JobState state = new JobState(Path.of("/w/m.hlo"), Path.of("/w"), Path.of("/w"));
        assertThatThrownBy(() -> new Watchpoint().argv(Path.of("/p/watchpoint_insert"),
                new Subgraph("sg00", Path.of("/w/sg00")), state, JobOptions.empty()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job Watchpoint needs at least one tensor to watch: give --watchpoint TENSOR, or leave "
                        + "Watchpoint out of --pipeline");
    }

    @Test
    void blankTensorIsInvalidInput() {
        assertThatThrownBy(() -> Watchpoint.tensors(List.of("a,,b"))).isInstanceOf(InvalidInputException.class);
    }
}

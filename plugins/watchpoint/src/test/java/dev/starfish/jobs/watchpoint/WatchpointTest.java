package dev.starfish.jobs.watchpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobOption;
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
    void blankTensorIsInvalidInput() {
        assertThatThrownBy(() -> Watchpoint.tensors(List.of("a,,b"))).isInstanceOf(InvalidInputException.class);
    }
}

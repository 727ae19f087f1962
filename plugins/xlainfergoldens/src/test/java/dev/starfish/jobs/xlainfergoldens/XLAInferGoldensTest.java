package dev.starfish.jobs.xlainfergoldens;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobDeclaration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class XLAInferGoldensTest {

    @Test
    void declaresGoldenSeedDefaulting42() {
        assertThat(JobDeclaration.of(XLAInferGoldens.class).options()).singleElement().satisfies(option -> {
            assertThat(option.name()).isEqualTo("--golden-seed");
            assertThat(option.paramLabel()).isEqualTo("SEED");
            assertThat(option.defaultValue()).isEqualTo("42");
        });
    }

    @Test
    void argvWritesGoldensDirectory() {
        assertThat(XLAInferGoldens.argv(Path.of("/b/xla_infergoldens"), 7))
                .containsExactly("/b/xla_infergoldens", "model.hlo", "--seed", "7", "--out-dir", "goldens");
    }
}

package dev.starfish.jobs.hlototensorizer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class HLOToTensorizerTest {

    @Test
    void isNativeJobOfBareTool() {
        assertThat(JobDeclaration.of(HLOToTensorizer.class).kind()).isEqualTo(JobKind.NATIVE);
        assertThat(JobDeclaration.of(HLOToTensorizer.class).tool()).contains("hlo2penguin");
        assertThat(JobDeclaration.of(HLOToTensorizer.class).options()).isEmpty();
    }

    @Test
    void argvWorksOnFilesOfTheSubgraphDirectory() {
        assertThat(HLOToTensorizer.argv(Path.of("/b/hlo2penguin"))).containsExactly("/b/hlo2penguin", "model.hlo", "-o", "model.penguin");
    }
}

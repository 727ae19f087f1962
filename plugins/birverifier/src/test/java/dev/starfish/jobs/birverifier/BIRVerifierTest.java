package dev.starfish.jobs.birverifier;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.JobDeclaration;
import dev.starfish.api.JobKind;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BIRVerifierTest {

    @Test
    void isNativeJobOfBareTool() {
        assertThat(JobDeclaration.of(BIRVerifier.class).kind()).isEqualTo(JobKind.NATIVE);
        assertThat(JobDeclaration.of(BIRVerifier.class).tool()).contains("walrus_driver");
        assertThat(JobDeclaration.of(BIRVerifier.class).options()).isEmpty();
    }

    @Test
    void argvWorksOnFilesOfTheSubgraphDirectory() {
        assertThat(BIRVerifier.argv(Path.of("/b/walrus_driver"))).containsExactly("/b/walrus_driver", "--pass", "birverifier", "model.bir");
    }
}

package dev.starfish.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.plugin.PluginReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobAvailabilityTest {

    @Test
    void aJarThatFailedToLoadIsSaidSoInPlainWords() {
        PluginReport failed = new PluginReport(Path.of("/p/broken.jar"), "broken", "1.0", List.of("Broken"),
                PluginReport.State.FAILED, "NoClassDefFoundError: x/Y");
        assertThat(new JobAvailability(List.of(failed), true, dev.starfish.runtime.config.PluginPath.of(Path.of("/p"))).reason())
                .isEqualTo("its jar broken.jar failed to load: NoClassDefFoundError: x/Y")
                .doesNotContain("was failed");
    }

    @Test
    void aRefusedJarWasRefused() {
        PluginReport refused = new PluginReport(Path.of("/p/evil.jar"), "evil", "1.0", List.of("SaveTemps"),
                PluginReport.State.REFUSED, "world-writable");
        assertThat(new JobAvailability(List.of(refused), true, dev.starfish.runtime.config.PluginPath.of(Path.of("/p"))).reason())
                .isEqualTo("its jar evil.jar was refused: world-writable");
        assertThat(PluginReport.State.REFUSED.happened(true)).isEqualTo("were refused");
        assertThat(PluginReport.State.FAILED.happened(true)).isEqualTo("failed to load");
    }
}

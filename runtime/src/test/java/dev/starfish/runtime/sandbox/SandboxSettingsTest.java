package dev.starfish.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.StarfishProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code launcher.sandbox} and {@code launcher.sandbox.writable} as an operator writes them. */
class SandboxSettingsTest {

    @TempDir
    Path dir;

    @Test
    void theDefaultIsAutoWithNothingWritableBesidesTheStep() {
        assertThat(SandboxSettings.of(StarfishProperties.empty())).isEqualTo(SandboxSettings.defaults());
        assertThat(SandboxSettings.defaults().mode()).isEqualTo(SandboxMode.AUTO);
    }

    @Test
    void eachModeAndWritableDirectoriesAreRead() throws IOException {
        SandboxSettings settings = SandboxSettings.of(properties("launcher.sandbox=Required\n"
                + "launcher.sandbox.writable=/srv/a, /srv/b/\n"));

        assertThat(settings).isEqualTo(new SandboxSettings(SandboxMode.REQUIRED, List.of(Path.of("/srv/a"),
                Path.of("/srv/b"))));
        assertThat(SandboxSettings.of(properties("launcher.sandbox=off\n")).mode()).isEqualTo(SandboxMode.OFF);
    }

    @Test
    void anUnknownModeIsAnInvalidInputNamingTheFileAndTheChoices() throws IOException {
        StarfishProperties properties = properties("launcher.sandbox=maybe\n");

        assertThatThrownBy(() -> SandboxSettings.of(properties)).isInstanceOf(InvalidInputException.class)
                .hasMessage(properties.source() + ": launcher.sandbox expects auto, required or off, found 'maybe'");
    }

    @Test
    void aRelativeWritableDirectoryIsRefused() throws IOException {
        StarfishProperties properties = properties("launcher.sandbox.writable=scratch\n");

        assertThatThrownBy(() -> SandboxSettings.of(properties)).isInstanceOf(InvalidInputException.class)
                .hasMessage(properties.source() + ": launcher.sandbox.writable expects absolute directories separated by"
                        + " commas, found 'scratch'");
    }

    private StarfishProperties properties(String text) throws IOException {
        Path file = dir.resolve("starfish.properties");
        Files.writeString(file, text);
        return StarfishProperties.load(file);
    }
}

package dev.starfish.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PluginApiTest {

    @Test
    void theVersionIsMajorMinorPatch() {
        assertThat(PluginApi.VERSION).matches("(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)");
    }

    @Test
    void theProvidedVersionsEndWithThisOneAndStartWithTheBaselineTheBuildChecks() {
        assertThat(PluginApi.providedVersions()).startsWith("0.1.0").endsWith(PluginApi.VERSION).doesNotHaveDuplicates();
    }
}

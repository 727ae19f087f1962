package dev.starfish.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The trial run on this host (which must sandbox: bwrap installed by {@code .ci/test.sh}; a host
 * without it fails here, never skips), asked in the background or at once.
 */
class SandboxProbeTest {

    @Test
    void aProbeStartedInTheBackgroundGivesTheAnswerAProbeAtOnceGives() {
        SandboxProbe background = new SandboxProbe(System.getenv("PATH"));
        background.startInBackground();
        background.startInBackground();

        SandboxSupport waited = background.support();
        SandboxSupport atOnce = new SandboxProbe(System.getenv("PATH")).support();

        assertThat(waited.available()).as("this host sandboxes: %s", waited.whyNot()).isTrue();
        assertThat(waited.bwrap().orElseThrow().bwrap()).isEqualTo(atOnce.bwrap().orElseThrow().bwrap());
        assertThat(background.support()).as("asked once for the host's life").isSameAs(waited);
    }

    @Test
    void aProbeThatKnowsItsAnswerKeepsIt() {
        SandboxSupport answer = SandboxSupport.unavailable("no bwrap on PATH", "install bubblewrap");
        SandboxProbe known = SandboxProbe.knowing(answer);

        known.startInBackground();

        assertThat(known.support()).isSameAs(answer);
    }
}

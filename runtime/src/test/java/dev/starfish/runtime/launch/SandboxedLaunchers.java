package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;

/** Launchers of the sandbox tests, which must run in the sandbox: a host without one fails them, never skips. */
final class SandboxedLaunchers {

    private SandboxedLaunchers() {
    }

    static ProcessLauncher requireSandbox(ProcessLauncher launcher) {
        assertThat(launcher.sandboxPolicy().arguments()).as("this host sandboxes tool steps (%s)",
                launcher.sandboxPolicy().describe()).isPresent();
        return launcher;
    }
}

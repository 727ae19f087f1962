package dev.starfish.runtime.launch;

/**
 * Every test of {@link ProcessLauncherTest} again as a compile's step in its bubblewrap sandbox
 * ({@link ProcessLauncher#forCompile}; the temporary home is the installation, the work directory
 * the step's): statuses, streams, replay scripts and limits read as they do unsandboxed.
 */
class ProcessLauncherInSandboxTest extends ProcessLauncherTest {

    @Override
    ProcessLauncher launcher(int slots) {
        return SandboxedLaunchers.requireSandbox(super.launcher(slots).forCompile(work));
    }
}

package dev.starfish.runtime.launch;

/** Every test of {@link ProcessLauncherTest} again, with one {@code starfish-exec} process per tool. */
class ProcessLauncherOnShimTest extends ProcessLauncherTest {

    @Override
    boolean spawnServer() {
        return false;
    }
}

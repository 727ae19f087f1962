package dev.starfish.runtime.launch;

/** Every test of {@link LauncherStopTest} again, with one {@code starfish-exec} process per tool. */
class LauncherStopOnShimTest extends LauncherStopTest {

    @Override
    boolean spawnServer() {
        return false;
    }
}

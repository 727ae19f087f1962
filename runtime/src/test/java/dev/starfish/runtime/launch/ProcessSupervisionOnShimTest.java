package dev.starfish.runtime.launch;

/** Every test of {@link ProcessSupervisionTest} again, with one {@code starfish-exec} process per tool. */
class ProcessSupervisionOnShimTest extends ProcessSupervisionTest {

    @Override
    boolean spawnServer() {
        return false;
    }
}

package dev.starfish.runtime.launch;

/** Every test of {@link ToolTimeoutsTest} again, with one {@code starfish-exec} process per tool. */
class ToolTimeoutsOnShimTest extends ToolTimeoutsTest {

    @Override
    boolean spawnServer() {
        return false;
    }
}

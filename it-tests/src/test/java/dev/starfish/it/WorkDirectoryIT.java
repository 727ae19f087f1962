package dev.starfish.it;

import static dev.starfish.it.StarfishContainer.describe;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;

/**
 * Finding 2: a work directory belongs to one compile at a time and to its owner. A second compile
 * sharing it is refused with the holder's pid while the first is held mid-compile in
 * {@code walrus_driver}; another user cannot use it and is told so in one line.
 */
@ContainerSuite
class WorkDirectoryIT {

    private static final String MLP = StarfishContainer.HOME + "/examples/mlp.hlo";
    private static final String SHARED = StarfishContainer.USER_HOME + "/shared";
    private static final String MALLORY = "mallory";

    @Test
    void aSecondCompileInAWorkDirectoryInUseIsRefusedWithTheHoldersPidAndTheFirstCompletes() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            HeldCompile.installHoldingTool(container, "walrus_driver", "");
            HeldCompile first = HeldCompile.start(container, "compile", MLP, "--output", "first.neff",
                    "--workdir", SHARED);
            assertThat(first.awaitEvent()).as("the first compile is held inside walrus_driver (driver output: %s)",
                    first.output()).startsWith("tool ");
            ExecResult holder = container.shell("pgrep -u user -x java");
            assertThat(holder.getExitCode()).as("the first compile's JVM runs:\n%s", describe(holder)).isZero();

            ExecResult second = container.starfish("compile", MLP, "--output", "second.neff", "--workdir", SHARED);
            assertThat(second.getExitCode()).as("a second compile in the same work directory is invalid input:\n%s",
                    describe(second)).isEqualTo(2);
            assertThat(second.getStderr()).as("its one line names the directory, the holder's pid and what to do")
                    .isEqualTo("starfish: error: work directory " + SHARED + " is in use by another compile (pid "
                            + holder.getStdout().trim() + "); wait for it or use another --workdir\n");

            first.release();
            assertThat(first.awaitEvent()).as("the released first compile succeeds (driver output: %s)",
                    first.output()).isEqualTo("driver exited 0");
            new NeffFile("first.neff, compiled while a second compile was refused",
                    container.readFile(StarfishContainer.USER_HOME + "/first.neff")).assertManifestMatchesContent();
            assertThat(container.shell("test -e second.neff").getExitCode())
                    .as("the refused compile wrote no output").isNotZero();
        }
    }

    @Test
    void anotherUserCannotUseTheWorkDirectoryAndIsToldSoInOneLine() {
        try (StarfishContainer container = new StarfishContainer(StarfishImage.DEFAULT)) {
            container.start();
            ExecResult own = container.starfish("compile", MLP, "--output", "own.neff", "--workdir", SHARED);
            assertThat(own.getExitCode()).as("user compiles into %s:\n%s", SHARED, describe(own)).isZero();
            container.addUser(MALLORY);
            String before = listing(container);

            ExecResult logHere = container.shellAs(MALLORY, "cd && " + StarfishContainer.STARFISH + " compile " + MLP
                    + " --output m.neff --workdir " + SHARED);
            assertOneLineError(logHere, "mallory compiling into user's work directory (its log file there)");
            ExecResult logElsewhere = container.shellAs(MALLORY, "cd && " + StarfishContainer.STARFISH + " compile "
                    + MLP + " --output m.neff --workdir " + SHARED + " --logfile m.log");
            assertOneLineError(logElsewhere, "mallory compiling into user's work directory (her own log file)");
            for (ExecResult refused : java.util.List.of(logHere, logElsewhere)) {
                assertThat(refused.getExitCode()).as("another user's work directory is invalid input").isEqualTo(2);
                assertThat(refused.getStderr()).as("the line names the work directory, its owner and the fix, before "
                        + "anything runs (the rule of starfish replay)")
                        .contains("work directory " + SHARED + " is owned by uid ")
                        .contains(", not by the current user (uid ")
                        .contains("; give --workdir a directory of your own that only you can write (nothing was run)");
            }

            assertThat(listing(container)).as("mallory's attempts changed nothing in user's work directory")
                    .isEqualTo(before);
            ExecResult again = container.starfish("compile", MLP, "--output", "again.neff", "--workdir", SHARED);
            assertThat(again.getExitCode()).as("user still compiles into %s:\n%s", SHARED, describe(again)).isZero();
        }
    }

    private static void assertOneLineError(ExecResult result, String what) {
        assertThat(result.getExitCode()).as("%s fails:\n%s", what, describe(result)).isNotZero();
        assertThat(result.getStderr().lines().toList()).as("%s: stderr is one line:\n%s", what, describe(result))
                .hasSize(1);
        assertThat(result.getStderr()).as("%s: the line is the driver's error, without a stack trace", what)
                .startsWith("starfish: error: ").doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** Every entry of the work directory with owner, size and modification time. */
    private static String listing(StarfishContainer container) {
        return container.rootExec("find", SHARED, "-printf", "%p %u %s %T@\\n").getStdout();
    }
}

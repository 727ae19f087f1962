package dev.starfish.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The words of one step's sandbox: what is shown, in which order, and what is writable. */
class BwrapArgumentsTest {

    private static final Path WORK = Path.of("/tmp/w/m.work");
    private static final Path STEP = WORK.resolve("sg00");
    private final BwrapArguments bwrap = new BwrapArguments(Path.of("/usr/bin/bwrap"));

    @Test
    void everyNamespaceIsOwnAndNoCapabilityIsKept() {
        List<String> words = bwrap.forStep(new SandboxView(STEP, List.of(WORK)));

        assertThat(words).startsWith("/usr/bin/bwrap", "--unshare-all", "--die-with-parent", "--cap-drop", "ALL")
                .endsWith("--bind", STEP.toString(), STEP.toString(), "--remount-ro", "/", "--chdir", STEP.toString(), "--")
                .doesNotContain("--new-session", "--share-net");
    }

    @Test
    void theSystemAndTheInputsAreReadOnlyAndMountedAfterThePrivateTmp() {
        List<String> words = bwrap.forStep(new SandboxView(STEP, List.of(Path.of("/opt/sf/conf"), WORK)));

        assertThat(Collections.indexOfSubList(words, List.of("--ro-bind", "/usr", "/usr"))).isPositive();
        int tmp = Collections.indexOfSubList(words, List.of("--tmpfs", "/tmp"));
        int work = Collections.indexOfSubList(words, List.of("--ro-bind-try", WORK.toString(), WORK.toString()));
        assertThat(tmp).as("a work directory below /tmp is mounted on top of the private /tmp").isLessThan(work);
        assertThat(words).containsSubsequence("--ro-bind-try", "/opt/sf/conf", "/opt/sf/conf")
                .containsSubsequence("--proc", "/proc", "--dev", "/dev");
        assertThat(words.stream().filter(w -> w.equals("--bind") || w.equals("--bind-try")))
                .as("the step directory is the one writable mount").hasSize(1);
    }

    @Test
    void anInputInsideAnotherIsNotMountedTwiceAndTheStepIsNotMountedReadOnly() {
        List<String> words = bwrap.forStep(new SandboxView(STEP, List.of(WORK, WORK.resolve("sg01"), STEP,
                Path.of("/usr/lib"))));

        assertThat(words).doesNotContain(WORK.resolve("sg01").toString(), "/usr/lib");
        assertThat(words.stream().filter(w -> w.equals(STEP.toString()))).as("bind source, target and chdir only")
                .hasSize(3);
    }

    @Test
    void aPartlyShownWorkDirectoryIsAnEmptyTmpfsHoldingTheInputsAndTheStepThenReadOnly() {
        Path map = WORK.resolve("tensor_map.json");
        List<String> words = bwrap.forStep(new SandboxView(STEP, List.of(Path.of("/opt/sf/conf"), map, STEP.resolve("x")),
                List.of(), Optional.of(WORK)));

        assertThat(words).containsSubsequence("--tmpfs", "/tmp", "--tmpfs", WORK.toString(), "--ro-bind-try",
                map.toString(), map.toString(), "--bind", STEP.toString(), STEP.toString(), "--remount-ro",
                WORK.toString(), "--remount-ro", "/", "--chdir").doesNotContain(STEP.resolve("x").toString());
    }

    @Test
    void onlyTheFilesOfEtcThatProgramsReadAtRunTimeAreShown() {
        List<String> words = bwrap.forStep(new SandboxView(STEP, List.of()));

        assertThat(words.stream().filter(w -> w.startsWith("/etc/")).distinct()).contains("/etc/ld.so.cache",
                "/etc/passwd", "/etc/localtime").doesNotContain("/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/shadow");
    }

    @Test
    void aLinkOfEtcThatPointsIntoUsrIsMadeAgainRatherThanMounted() throws IOException {
        Path localtime = Path.of("/etc/localtime");
        assertThat(Files.isSymbolicLink(localtime)).as("Debian's /etc/localtime is a link into /usr/share/zoneinfo")
                .isTrue();
        List<String> words = bwrap.forStep(new SandboxView(STEP, List.of()));

        assertThat(words).containsSubsequence("--symlink", Files.readSymbolicLink(localtime).toString(),
                "/etc/localtime").doesNotContainSequence("--ro-bind-try", "/etc/localtime");
    }

    @Test
    void aPartlyShownDirectoryMustEncloseTheStep() {
        assertThatThrownBy(() -> new SandboxView(STEP, List.of(), List.of(), Optional.of(Path.of("/elsewhere"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("encloses the step directory");
    }

    @Test
    void anOperatorsWritableDirectoryIsBoundWritableBeforeTheStep() {
        List<String> words = bwrap.forStep(new SandboxView(STEP, List.of(WORK), List.of(Path.of("/srv/scratch"))));

        assertThat(words).containsSubsequence("--bind-try", "/srv/scratch", "/srv/scratch", "--bind", STEP.toString());
    }
}

package dev.starfish.runtime.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.replay.ReplayScript;
import dev.starfish.runtime.replay.ReplayScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayScriptsTest {

    @TempDir
    Path tmp;

    private Path work;

    @BeforeEach
    void aWorkDirectoryOfTwoSubgraphs() throws IOException {
        work = Files.createDirectories(tmp.resolve("model.work"));
        Files.writeString(work.resolve(ReplayScripts.WORKDIR_TAG), "123\n");
        script(work.resolve("sg00/replay_HLOToTensorizer_sg00.sh"));
        script(work.resolve("sg01/replay_HLOToTensorizer_sg01.sh"));
        script(work.resolve("sg00/replay_Walrus_Driver.sh"));
        script(work.resolve("replay_NeffWrapper.sh"));
        Files.writeString(work.resolve("sg00/notes.sh"), "not a replay script");
    }

    @Test
    void listsEveryScriptWithItsJobAndSubgraphFromItsNameAndPlace() {
        ReplayScripts scripts = ReplayScripts.of(work);

        assertThat(scripts.all()).extracting(s -> s.job() + "@" + s.subgraphLabel()).containsExactly(
                "HLOToTensorizer@sg00", "Walrus_Driver@sg00", "HLOToTensorizer@sg01", "NeffWrapper@-");
    }

    @Test
    void aJobThatRanOncePerSubgraphNeedsTheSubgraphGivenAsNameOrNumber() {
        ReplayScripts scripts = ReplayScripts.of(work);

        assertThatThrownBy(() -> scripts.select("HLOToTensorizer", Optional.empty()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job HLOToTensorizer ran once per subgraph; give the SUBGRAPH to replay: sg00, sg01");
        assertThat(scripts.select("HLOToTensorizer", Optional.of("1")).path())
                .isEqualTo(work.resolve("sg01/replay_HLOToTensorizer_sg01.sh"));
        assertThat(scripts.select("HLOToTensorizer", Optional.of("sg00")).subgraph()).contains("sg00");
        assertThat(scripts.select("NeffWrapper", Optional.empty()).subgraph()).isEmpty();
        assertThatThrownBy(() -> scripts.select("HLOToTensorizer", Optional.of("sg07")))
                .hasMessageContaining("no replay script for subgraph sg07").hasMessageEndingWith("expected one of: sg00, sg01");
    }

    @Test
    void aJobWithoutAScriptIsAUsageErrorNamingTheJobsThatHaveOne() {
        assertThatThrownBy(() -> ReplayScripts.of(work).select("Kelper", Optional.empty()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("no replay script of job Kelper in " + work + "; jobs with one: HLOToTensorizer, NeffWrapper, "
                        + "Walrus_Driver");
    }

    @Test
    void aDirectoryStarfishDidNotMakeIsRefusedWithOneLine() throws IOException {
        Path mine = Files.createDirectories(tmp.resolve("photos"));
        script(mine.resolve("replay_X.sh"));

        assertThatThrownBy(() -> ReplayScripts.of(mine)).isInstanceOf(InvalidInputException.class)
                .hasMessage(mine + " is not a work directory Starfish made (no .starfish-workdir in it); give the "
                        + "--workdir of a compile (default: MODEL.work)");
        assertThatThrownBy(() -> ReplayScripts.of(tmp.resolve("nowhere"))).isInstanceOf(InvalidInputException.class)
                .hasMessage("expected a compile's work directory, found nothing at " + tmp.resolve("nowhere"));
    }

    @Test
    void aScriptThatIsASymbolicLinkOutOfTheWorkDirectoryIsListedButNeverRunnable() throws IOException {
        Path outside = script(tmp.resolve("evil.sh"));
        Files.delete(work.resolve("replay_NeffWrapper.sh"));
        Files.createSymbolicLink(work.resolve("replay_NeffWrapper.sh"), outside);
        ReplayScripts scripts = ReplayScripts.of(work);

        ReplayScript link = scripts.select("NeffWrapper", Optional.empty());

        assertThat(link.symbolicLink()).isTrue();
        assertThat(scripts.whyNotRunnable(link)).contains("the replay script " + work.resolve("replay_NeffWrapper.sh")
                + " is a symbolic link (to " + outside + "); Starfish writes regular files, so something else put it "
                + "there");
    }

    @Test
    void aWorkDirectoryOthersCanWriteIsNotRunFrom() throws IOException {
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));
        ReplayScripts scripts = ReplayScripts.of(work);

        assertThat(scripts.whyNotRunnable(scripts.select("NeffWrapper", Optional.empty())))
                .contains("the directory " + work + " is writable by group or others (mode rwxrwxrwx), so its replay "
                        + "scripts may not be what Starfish wrote");
    }

    @Test
    void aSubgraphDirectoryOrScriptOfAnotherUserIsNotRunFrom() throws IOException {
        // the suite runs as root (README), which may give a file away
        Files.setAttribute(work.resolve("sg01"), "unix:uid", 4242, LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(work.resolve("replay_NeffWrapper.sh"), "unix:uid", 4243, LinkOption.NOFOLLOW_LINKS);
        ReplayScripts scripts = ReplayScripts.of(work);

        assertThat(scripts.whyNotRunnable(scripts.select("HLOToTensorizer", Optional.of("sg01"))))
                .contains("the directory " + work.resolve("sg01") + " is owned by uid 4242, not by the current user "
                        + "(uid 0), so its replay scripts may not be what Starfish wrote");
        assertThat(scripts.whyNotRunnable(scripts.select("NeffWrapper", Optional.empty())))
                .contains("the replay script " + work.resolve("replay_NeffWrapper.sh") + " is owned by uid 4243, not by "
                        + "the current user (uid 0)");
        assertThat(scripts.whyNotRunnable(scripts.select("HLOToTensorizer", Optional.of("sg00")))).isEmpty();
    }

    private static Path script(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        Files.writeString(path, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
        return path;
    }
}

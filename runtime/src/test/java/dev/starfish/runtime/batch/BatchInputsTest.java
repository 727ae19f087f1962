package dev.starfish.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchInputsTest {

    @TempDir
    Path tmp;

    private Path model(String relative) throws IOException {
        Path file = tmp.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "HloModule " + relative + "\n");
        return file;
    }

    @Test
    void aDirectoryGivesItsHloFilesSortedAndNotItsSubdirectories() throws IOException {
        model("d/b.hlo");
        model("d/a.hlo");
        model("d/notes.txt");
        model("d/sub/c.hlo");
        List<BatchItem> items = BatchInputs.resolve(List.of(tmp.resolve("d")), false, Optional.empty());
        assertThat(items).extracting(i -> i.model().getFileName().toString()).containsExactly("a.hlo", "b.hlo");
    }

    /** A walk follows the user's own links and skips another user's; named explicitly, a link is taken. */
    @Test
    void aDirectoryWalkFollowsOnlyTheUsersOwnLinks() throws IOException {
        Path target = model("elsewhere/t.hlo");
        model("d/a.hlo");
        Files.createSymbolicLink(tmp.resolve("d/mine.hlo"), target);
        Path theirs = Files.createSymbolicLink(tmp.resolve("d/theirs.hlo"), model("elsewhere/private.hlo"));
        UserPrincipal nobody = tmp.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.getFileAttributeView(theirs, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setOwner(nobody);
        assertThat(BatchInputs.resolve(List.of(tmp.resolve("d")), false, Optional.empty()))
                .extracting(i -> i.model().getFileName().toString()).containsExactly("a.hlo", "mine.hlo");
        assertThat(BatchInputs.resolve(List.of(theirs), false, Optional.empty()))
                .extracting(BatchItem::model).containsExactly(theirs);
    }

    @Test
    void recursiveAlsoTakesSubdirectories() throws IOException {
        model("d/a.hlo");
        model("d/sub/c.hlo");
        assertThat(BatchInputs.resolve(List.of(tmp.resolve("d")), true, Optional.empty()))
                .extracting(i -> i.model().getFileName().toString()).containsExactly("a.hlo", "c.hlo");
    }

    @Test
    void outputsGoNextToEachModelOrIntoTheOutputDirectory() throws IOException {
        Path a = model("x/a.hlo");
        BatchItem next = BatchInputs.resolve(List.of(a), false, Optional.empty()).get(0);
        assertThat(next.output()).isEqualTo(tmp.resolve("x/a.neff"));
        assertThat(next.workDir()).isEqualTo(tmp.resolve("x/a.work"));
        assertThat(next.logFile()).isEqualTo(tmp.resolve("x/a.work/log-starfish.txt"));
        BatchItem into = BatchInputs.resolve(List.of(a), false, Optional.of(tmp.resolve("out"))).get(0);
        assertThat(into.output()).isEqualTo(tmp.resolve("out/a.neff"));
    }

    @Test
    void theSameFileThroughAnotherPathOrALinkIsTakenOnce() throws IOException {
        Path a = model("d/a.hlo");
        Path link = Files.createSymbolicLink(tmp.resolve("link.hlo"), a);
        List<BatchItem> items = BatchInputs.resolve(List.of(a, tmp.resolve("d/../d/a.hlo"), link, tmp.resolve("d")),
                false, Optional.empty());
        assertThat(items).hasSize(1);
        assertThat(items.get(0).model()).isEqualTo(a);
    }

    @Test
    void twoModelsWritingOneOutputAreRefusedNamingBoth() throws IOException {
        Path first = model("x/m.hlo");
        Path second = model("y/m.hlo");
        assertThatThrownBy(() -> BatchInputs.resolve(List.of(first, second), false, Optional.of(tmp.resolve("out"))))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("models " + first + " and " + second + " would both write the output " + tmp.resolve("out/m.neff")
                        + " (same name in one output directory); rename one or compile them into separate --output-dir "
                        + "directories");
    }

    @Test
    void modelsDifferingOnlyInExtensionWouldShareAWorkDirectoryAndAreRefused() throws IOException {
        Path hlo = model("x/m.hlo");
        Path txt = model("x/m.txt");
        assertThatThrownBy(() -> BatchInputs.resolve(List.of(hlo, txt), false, Optional.empty()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("would both write the output");
    }

    @Test
    void anOutputThatIsAModelOfTheBatchIsRefused() throws IOException {
        Path neffNamed = model("x/m.neff");
        assertThatThrownBy(() -> BatchInputs.resolve(List.of(neffNamed), false, Optional.empty()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("the output " + neffNamed + " of model " + neffNamed + " would overwrite the model " + neffNamed
                        + "; rename the model or give --output-dir another directory");
        Path hlo = model("y/a.hlo");
        Path other = model("y/a.neff");
        assertThatThrownBy(() -> BatchInputs.resolve(List.of(other, hlo), false, Optional.empty()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("would overwrite the model " + other);
        assertThat(BatchInputs.resolve(List.of(neffNamed), false, Optional.of(tmp.resolve("out"))).get(0).output())
                .as("into another directory it is fine").isEqualTo(tmp.resolve("out/m.neff"));
    }

    @Test
    void aMissingPathAndAnEmptyDirectoryAreUsageErrors() throws IOException {
        assertThatThrownBy(() -> BatchInputs.resolve(List.of(tmp.resolve("nope.hlo")), false, Optional.empty()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("model or directory not found: " + tmp.resolve("nope.hlo")
                        + "; expected an HLO file or a directory of *.hlo");
        Files.createDirectories(tmp.resolve("empty/sub"));
        model("empty/sub/deep.hlo");
        assertThatThrownBy(() -> BatchInputs.resolve(List.of(tmp.resolve("empty")), false, Optional.empty()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("directory " + tmp.resolve("empty") + " holds no *.hlo models (add --recursive to search its "
                        + "subdirectories)");
    }
}

package dev.starfish.runtime.neff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.starfish.api.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NeffInspectorTest {

    private static final String RECORD = "{\"format\":\"starfish-compile-record\",\"starfish_version\":\"0.1.0\","
            + "\"model\":\"/m.hlo\",\"model_sha256\":\"00\",\"pipeline\":[\"A\",\"B\"],\"options\":{\"A\":{}}}";

    @TempDir
    Path tmp;

    @Test
    void everyEntryOfATruthfulArchiveIsVerifiedAndItsCompileRecordRead() throws IOException {
        Path neff = write(UstarFixture.neff(UstarFixture.members("compile.json", RECORD, "sg00/model.bir", "bir")));

        NeffInspection inspection = NeffInspector.inspect(neff);

        assertThat(inspection.entries()).extracting(EntryCheck::name).containsExactly("compile.json", "sg00/model.bir");
        assertThat(inspection.entries()).allMatch(EntryCheck::verified);
        assertThat(inspection.firstFailure()).isEmpty();
        assertThat(inspection.compileRecord()).hasValueSatisfying(r -> assertThat(r.path("pipeline").size()).isEqualTo(2));
    }

    @Test
    void aMemberWhoseBytesDifferFromTheManifestIsNamed() throws IOException {
        Map<String, byte[]> members = UstarFixture.members("a.bin", "good");
        UstarFixture tar = new UstarFixture().member("manifest.json", UstarFixture.manifest(members));
        Path neff = write(tar.member("a.bin", "evil".getBytes(StandardCharsets.UTF_8)).finish());

        assertThat(NeffInspector.inspect(neff).firstFailure()).hasValueSatisfying(f -> assertThat(f)
                .startsWith("entry a.bin does not match its recorded digest"));
    }

    @Test
    void aListedEntryMissingFromTheArchiveIsNamed() throws IOException {
        Map<String, byte[]> members = UstarFixture.members("a.bin", "a", "b.bin", "b");
        Path neff = write(new UstarFixture().member("manifest.json", UstarFixture.manifest(members))
                .member("a.bin", "a".getBytes(StandardCharsets.UTF_8)).finish());

        assertThat(NeffInspector.inspect(neff).firstFailure()).hasValue("entry b.bin is in the manifest but not in the archive");
    }

    @Test
    void aParentOrAbsoluteMemberNameIsRefused() throws IOException {
        for (String name : new String[] {"../x", "a/../../x", "/etc/passwd"}) {
            Path neff = write(new UstarFixture().member("manifest.json", UstarFixture.manifest(Map.of()))
                    .member(name, new byte[1]).finish());
            assertThatThrownBy(() -> NeffInspector.inspect(neff)).as(name).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("member '" + name + "'").hasMessageMatching("(?s).*(absolute|'\\.\\.').*");
        }
    }

    @Test
    void aSizeTheFileCannotHoldIsRefusedBeforeReading() throws IOException {
        Path neff = write(new UstarFixture().member("manifest.json", UstarFixture.manifest(Map.of()))
                .header("big.bin", 077777777777L, '0').finish());

        assertThatThrownBy(() -> NeffInspector.inspect(neff)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("member 'big.bin' declares 8589934591 bytes, but only 1024 follow");
    }

    @Test
    void aLinkMemberIsRefused() throws IOException {
        Path neff = write(new UstarFixture().member("manifest.json", UstarFixture.manifest(Map.of()))
                .header("link", 0, '2').finish());

        assertThatThrownBy(() -> NeffInspector.inspect(neff)).hasMessageContaining("a symbolic link");
    }

    @Test
    void aTruncatedArchiveIsRefused() throws IOException {
        byte[] whole = UstarFixture.neff(UstarFixture.members("a.bin", "x".repeat(2000)));
        Path neff = write(java.util.Arrays.copyOf(whole, 1536));

        assertThatThrownBy(() -> NeffInspector.inspect(neff)).hasMessageContaining("truncated");
    }

    @Test
    void aFileThatIsNotANeffIsDescribed() throws IOException {
        assertThatThrownBy(() -> NeffInspector.inspect(write("HloModule m\n".getBytes(StandardCharsets.UTF_8))))
                .hasMessageEndingWith("is not a .neff (a ustar archive that starfish compile writes, manifest.json"
                        + " first): found text beginning 'HloModule m'");
        assertThatThrownBy(() -> NeffInspector.inspect(write(new byte[0]))).hasMessageEndingWith("found an empty file");
        assertThatThrownBy(() -> NeffInspector.inspect(tmp)).hasMessageEndingWith("found a directory");
        assertThatThrownBy(() -> NeffInspector.inspect(write(new UstarFixture().member("x", new byte[1]).finish())))
                .hasMessageEndingWith("found a tar archive whose first member is 'x', not manifest.json");
    }

    private Path write(byte[] content) throws IOException {
        return Files.write(Files.createTempFile(tmp, "t", ".neff"), content);
    }
}

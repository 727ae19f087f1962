package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.starfish.runtime.neff.UstarFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code starfish inspect}: a compiled .neff verified entry by entry, a damaged one named, hostile archives refused. */
class InspectCommandIT {

    private static final AssembledDistribution DIST = AssembledDistribution.built();

    @TempDir
    static Path compiled;

    @TempDir
    Path cwd;

    @BeforeAll
    static void compileOnce() throws IOException {
        Files.copy(DIST.example("mlp.hlo"), compiled.resolve("mlp.hlo"));
        AssembledDistribution.Run run = DIST.run(compiled, "compile", "mlp.hlo");
        assertThat(run.exitCode()).as("the compile the tests inspect: %s", run).isZero();
    }

    @Test
    void aCompiledNeffShowsEveryEntryVerifiedAndItsCompileRecord() throws IOException {
        Path neff = compiled.resolve("mlp.neff");

        AssembledDistribution.Run run = DIST.run(cwd, "inspect", neff.toString());

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stderr()).as("%s", run).isEmpty();
        assertThat(run.stdout()).startsWith(neff + ": starfish-neff, toolchain ")
                .containsPattern("kgraph.json +\\d+ +[0-9a-f]{12} +ok\n")
                .containsPattern("compile.json +\\d+ +[0-9a-f]{12} +ok\n")
                .containsPattern("sg00/model.bir +\\d+ +[0-9a-f]{12} +ok\n")
                .contains("Compile record:\n")
                .containsPattern("  model +" + compiled.resolve("mlp.hlo") + " \\(sha256 [0-9a-f]{64}\\)\n")
                .containsPattern("  pipeline +Frontend,StaticIOTranspose,HLOToTensorizer,.*NeffWrapper")
                .containsPattern("  starfish +\\d+\\.\\d+");
        JsonNode json = new ObjectMapper().readTree(DIST.run(cwd, "inspect", neff.toString(), "--json").stdout());
        assertThat(json.path("ok").asBoolean()).isTrue();
        assertThat(json.path("entries")).isNotEmpty().allMatch(e -> e.path("verified").asBoolean());
        assertThat(json.path("compile_record").path("pipeline").get(0).asText()).isEqualTo("Frontend");
        assertThat(cwd).as("inspect writes nothing").isEmptyDirectory();
    }

    @Test
    void anEntryWhoseBytesChangedIsNamedAndExits1() throws IOException {
        byte[] tar = Files.readAllBytes(compiled.resolve("mlp.neff"));
        int header = indexOf(tar, "sg00/model.bir".getBytes(StandardCharsets.US_ASCII));
        tar[header + 512] ^= 1; // the first byte of the member's content
        Path neff = Files.write(cwd.resolve("damaged.neff"), tar);

        AssembledDistribution.Run run = DIST.run(cwd, "inspect", neff.toString());

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stdout()).containsPattern("sg00/model.bir +\\d+ +[0-9a-f]{12} +digest differs\n");
        assertThat(run.stderr().lines()).as("one line naming the entry").singleElement().asString()
                .startsWith("starfish: error: " + neff + ": entry sg00/model.bir does not match its recorded digest")
                .endsWith("compile the model again");
    }

    @Test
    void aFileThatIsNotANeffIsOneLineNamingWhatItIsAndExits2() throws IOException {
        AssembledDistribution.Run hlo = DIST.run(cwd, "inspect", compiled.resolve("mlp.hlo").toString());
        AssembledDistribution.Run dir = DIST.run(cwd, "inspect", compiled.toString());

        assertThat(hlo.exitCode()).as("%s", hlo).isEqualTo(2);
        assertThat(hlo.stderr()).startsWith("starfish: error: " + compiled.resolve("mlp.hlo") + " is not a .neff (a ustar"
                + " archive that starfish compile writes, manifest.json first): found text beginning 'HloModule ")
                .hasLineCount(1);
        assertThat(dir.exitCode()).isEqualTo(2);
        assertThat(dir.stderr()).endsWith("found a directory\n");
    }

    @Test
    void hostileArchivesAreRefusedWithOneLineAndNothingIsWritten() throws IOException {
        byte[] whole = Files.readAllBytes(compiled.resolve("mlp.neff"));
        byte[] manifest = UstarFixture.manifest(Map.of());
        Map<String, byte[]> hostile = Map.of(
                "truncated.neff", java.util.Arrays.copyOf(whole, whole.length / 2),
                "parent.neff", new UstarFixture().member("manifest.json", manifest).member("../x", new byte[8]).finish(),
                "absolute.neff", new UstarFixture().member("manifest.json", manifest).member("/tmp/x", new byte[8])
                        .finish(),
                "huge.neff", new UstarFixture().member("manifest.json", manifest).header("big", 077777777777L, '0')
                        .finish());
        Path dir = Files.createDirectory(cwd.resolve("in"));
        for (Map.Entry<String, byte[]> h : hostile.entrySet()) {
            Files.write(dir.resolve(h.getKey()), h.getValue());
        }
        List<Path> before = listing();

        for (String name : hostile.keySet()) {
            AssembledDistribution.Run run = DIST.run(dir, Map.of("JAVA_OPTS", "-Xmx64m"), "inspect", name);
            assertThat(run.exitCode()).as("%s: %s", name, run).isEqualTo(2);
            assertThat(run.stderr().lines()).as("%s: one line", name).singleElement().asString()
                    .startsWith("starfish: error: " + name + ": not a valid .neff: ")
                    .containsPattern("truncated|'\\.\\.'|absolute");
        }
        assertThat(listing()).as("inspect wrote nothing").isEqualTo(before);
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> files = Files.walk(cwd)) {
            return files.sorted().toList();
        }
    }

    private static int indexOf(byte[] data, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= data.length; i += 512) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("no member header " + new String(needle, StandardCharsets.US_ASCII));
    }
}

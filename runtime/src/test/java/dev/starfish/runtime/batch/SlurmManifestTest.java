package dev.starfish.runtime.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmManifestTest {

    @TempDir
    Path tmp;

    private static List<BatchItem> items(int n) {
        return IntStream.range(0, n).mapToObj(i -> BatchItem.of(Path.of("/m/model" + i + ".hlo"), Path.of("/out"))).toList();
    }

    @Test
    void modelsAreDealtToTheTasksInTurn() {
        List<List<BatchItem>> shares = SlurmManifest.split(items(7), 3);
        assertThat(shares).hasSize(3);
        assertThat(shares.get(0)).extracting(i -> i.model().toString())
                .containsExactly("/m/model0.hlo", "/m/model3.hlo", "/m/model6.hlo");
        assertThat(shares.get(1)).hasSize(2);
        assertThat(shares.get(2)).hasSize(2);
    }

    @Test
    void neverMoreTasksThanModels() {
        assertThat(SlurmManifest.split(items(2), 5)).hasSize(2);
        assertThat(new SlurmSettings(java.util.Optional.empty(), java.util.Optional.empty(), java.util.OptionalInt.empty(),
                java.util.OptionalInt.of(5), List.of()).arraySize(2)).isEqualTo(2);
        assertThat(new SlurmSettings(java.util.Optional.empty(), java.util.Optional.empty(), java.util.OptionalInt.empty(),
                java.util.OptionalInt.empty(), List.of()).arraySize(40)).isEqualTo(SlurmSettings.DEFAULT_TASKS);
    }

    @Test
    void eachTaskGetsAFileOfItsModelsAndTheManifestListsAll() throws IOException {
        SlurmManifest manifest = SlurmManifest.write(Files.createDirectory(tmp.resolve("b")), items(3), 2);
        assertThat(tmp.resolve("b/task-0.models")).content().isEqualTo("/m/model0.hlo\0/m/model2.hlo\0");
        assertThat(tmp.resolve("b/task-1.models")).content().isEqualTo("/m/model1.hlo\0");
        assertThat(Files.readString(tmp.resolve("b/manifest.json"))).contains("starfish-slurm-manifest")
                .contains("/m/model2.hlo");
        assertThat(manifest.reportOf(1)).isEqualTo(tmp.resolve("b/task-1.json"));
        assertThat(manifest.outputOf(0)).isEqualTo(tmp.resolve("b/task-0.out"));
    }

    /** NUL cannot be in a path: a model path with a newline stays one entry of its task's list. */
    @Test
    void aModelPathWithANewlineIsOneEntryOfTheTaskList() throws IOException {
        BatchItem odd = BatchItem.of(Path.of("/m/two\nlines.hlo"), Path.of("/out"));
        SlurmManifest.write(Files.createDirectory(tmp.resolve("b")), List.of(odd), 1);
        assertThat(tmp.resolve("b/task-0.models")).content().isEqualTo("/m/two\nlines.hlo\0");
    }
}

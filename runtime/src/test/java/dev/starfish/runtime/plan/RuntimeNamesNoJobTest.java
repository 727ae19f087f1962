package dev.starfish.runtime.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The host knows no job by name: the job order is configuration ({@code conf/starfish.properties}),
 * what a job needs and makes is its own declaration. So no file of {@code runtime/src/main} but
 * that configuration names a shipped job.
 */
class RuntimeNamesNoJobTest {

    private static final Path MAIN = Path.of("src/main");
    private static final Path CONFIGURATION = MAIN.resolve("dist/conf/starfish.properties");
    private static final List<String> SHIPPED_JOBS = List.of("Frontend", "StaticIOTranspose", "HLOToTensorizer",
            "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "Watchpoint", "Backend", "Kelper", "NeffWrapper", "SaveTemps");

    @Test
    void theConfiguredPipelineIsTheShippedJobsInOrder() throws IOException {
        Properties conf = new Properties();
        try (var reader = Files.newBufferedReader(CONFIGURATION)) {
            conf.load(reader);
        }
        assertThat(List.of(conf.getProperty("pipeline").split(","))).as("pipeline= of %s", CONFIGURATION)
                .containsExactlyElementsOf(SHIPPED_JOBS);
    }

    @Test
    void noMainSourceOfTheRuntimeNamesAShippedJob() throws IOException {
        List<String> hits = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> !f.equals(CONFIGURATION)).toList()) {
                String text = read(file);
                for (String job : SHIPPED_JOBS) {
                    if (Pattern.compile("\\b" + job + "\\b").matcher(text).find()) {
                        hits.add(file + " names " + job);
                    }
                }
            }
        }
        assertThat(hits).as("runtime/src/main outside %s", CONFIGURATION).isEmpty();
    }

    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Command;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A replay script run by {@code /bin/sh} hands the tool exactly the argv the launcher would:
 * {@code argv-echo} writes back each argument NUL-terminated and the records must match.
 */
class ReplayScriptPropertyTest {

    private static final List<String> FRAGMENTS = List.of("a", "Z9", " ", "  ", "'", "''", "\"", "$", "$HOME",
            "${PATH}", "$(id)", "`id`", "\\", "\\n", "\n", "\t", "\r", "-", "--", "-n", "--help", "=", "x=y", "*", "?",
            "[a]", "~", "#", ";", "&", "&&", "|", "<", ">", "(", ")", "{", "}", "!", "%", "^", "é", "漢字", "😀",
            "\u00a0", "\u007f", "\u0001", ",", ".", "/", "@");

    private static Path workDir;
    private static Path argvEcho;

    @BeforeContainer
    static void createWorkDir() throws IOException {
        workDir = Files.createTempDirectory("starfish-replay-property");
        argvEcho = TestBinaries.testTool("argv-echo");
    }

    @AfterContainer
    static void deleteWorkDir() throws IOException {
        try (Stream<Path> files = Files.walk(workDir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    @Provide
    Arbitrary<List<String>> argvs() {
        Arbitrary<String> fromFragments = Arbitraries.of(FRAGMENTS).list().ofMinSize(0).ofMaxSize(5)
                .map(parts -> String.join("", parts));
        Arbitrary<String> randomPrintable = Arbitraries.strings().withCharRange('\u0001', '\u00ff').ofMaxLength(12);
        return Arbitraries.oneOf(fromFragments, randomPrintable).list().ofMinSize(0).ofMaxSize(6);
    }

    @Property(tries = 200)
    void replayScriptReproducesTheExactArgv(@ForAll("argvs") List<String> args) throws Exception {
        List<String> argv = new ArrayList<>();
        argv.add(argvEcho.toString());
        argv.addAll(args);
        Command command = Command.builder("ArgvEcho", workDir, argv).replayName("argv").build();

        Path script = ReplayScriptWriter.write(command);
        Process shell = new ProcessBuilder("/bin/sh", script.toString()).redirectErrorStream(true).start();
        byte[] out = shell.getInputStream().readAllBytes();

        assertThat(shell.waitFor()).as("exit status of the replay, output: %s", new String(out, StandardCharsets.UTF_8))
                .isZero();
        assertThat(records(out)).as("argv received through %s", command.toShellLine()).isEqualTo(args);
    }

    /** Splits argv-echo's output into its NUL-terminated records. */
    private static List<String> records(byte[] out) {
        List<String> records = new ArrayList<>();
        ByteArrayOutputStream record = new ByteArrayOutputStream();
        for (byte b : out) {
            if (b == 0) {
                records.add(record.toString(StandardCharsets.UTF_8));
                record.reset();
            } else {
                record.write(b);
            }
        }
        assertThat(record.size()).as("argv-echo ends every record with NUL").isZero();
        return records;
    }
}

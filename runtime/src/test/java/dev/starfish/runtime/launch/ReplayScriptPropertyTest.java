package dev.starfish.runtime.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.Command;
import dev.starfish.runtime.NativeTestBinaries;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A replay script run by {@code /bin/sh} hands the tool exactly the argv and the environment the
 * launcher would. The tool sits under a generated directory name (with {@code =}, quotes,
 * newlines, {@code $}, backslashes, unicode); {@code argv-echo} writes back each argument
 * NUL-terminated, {@code env -0} the environment, and the records must match.
 */
class ReplayScriptPropertyTest {

    private static final List<String> FRAGMENTS = List.of("a", "Z9", " ", "  ", "'", "''", "\"", "$", "$HOME",
            "${PATH}", "$(id)", "`id`", "\\", "\\n", "\n", "\t", "\r", "-", "--", "-n", "--help", "=", "x=y", "*", "?",
            "[a]", "~", "#", ";", "&", "&&", "|", "<", ">", "(", ")", "{", "}", "!", "%", "^", "é", "漢字", "😀",
            "\u00a0", "\u007f", "\u0001", ",", ".", "/", "@");

    /** Set in the replay's environment; a command that removes it must not let it through. */
    private static final String INHERITED = "STARFISH_REPLAY_INHERITED";

    private static Path workDir;
    private static Path argvEcho;
    private static Path env;

    @BeforeContainer
    static void createWorkDir() throws IOException {
        workDir = Files.createTempDirectory("starfish-replay-property");
        argvEcho = NativeTestBinaries.testTool("argv-echo");
        env = Path.of("/usr/bin/env");
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
    Arbitrary<String> words() {
        Arbitrary<String> fromFragments = Arbitraries.of(FRAGMENTS).list().ofMinSize(0).ofMaxSize(5)
                .map(parts -> String.join("", parts));
        Arbitrary<String> randomPrintable = Arbitraries.strings().withCharRange('\u0001', '\u00ff').ofMaxLength(12);
        return Arbitraries.oneOf(fromFragments, randomPrintable);
    }

    @Provide
    Arbitrary<List<String>> argvs() {
        return words().list().ofMinSize(0).ofMaxSize(6);
    }

    /** A file name: no {@code /}, not empty, {@code .} or {@code ..}. */
    @Provide
    Arbitrary<String> directoryNames() {
        return words().map(word -> "d" + word.replace('/', '_'));
    }

    @Provide
    Arbitrary<Map<String, String>> overrides() {
        return Arbitraries.maps(Arbitraries.of("A", "B_2", "_x", "LANG_X"), words()).ofMaxSize(3);
    }

    @Property(tries = 200)
    void replayScriptReproducesTheExactArgv(@ForAll("directoryNames") String dir, @ForAll("argvs") List<String> args)
            throws Exception {
        List<String> argv = new ArrayList<>();
        argv.add(copyInto(dir, argvEcho).toString());
        argv.addAll(args);
        Command command = Command.builder("ArgvEcho", workDir, argv).replayName("argv").build();

        assertThat(records(replay(command))).as("argv received through %s", command.toShellLine()).isEqualTo(args);
    }

    @Property(tries = 100)
    void replayScriptSetsAndUnsetsTheEnvironment(@ForAll("directoryNames") String dir,
            @ForAll("overrides") Map<String, String> overrides) throws Exception {
        Command.Builder builder = Command.builder("Env", workDir, List.of(copyInto(dir, env).toString(), "-0"))
                .replayName("env").removeEnv(INHERITED);
        overrides.forEach(builder::env);
        Command command = builder.build();

        List<String> received = records(replay(command));

        assertThat(received).as("environment received through %s", command.toShellLine())
                .noneMatch(entry -> entry.startsWith(INHERITED + "="))
                .containsAll(overrides.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }

    /** A copy of {@code tool} in {@code workDir/dir/}, so its path holds whatever {@code dir} holds. */
    private static Path copyInto(String dir, Path tool) throws IOException {
        Path copy = Files.createDirectories(workDir.resolve(dir)).resolve(tool.getFileName());
        Files.copy(tool, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        return copy;
    }

    /** Writes the command's replay script, runs it with {@code /bin/sh} and returns what the tool printed. */
    private static byte[] replay(Command command) throws Exception {
        Path script = ReplayScriptWriter.write(command);
        ProcessBuilder shell = new ProcessBuilder("/bin/sh", script.toString()).redirectErrorStream(true);
        shell.environment().put(INHERITED, "1");
        Process process = shell.start();
        byte[] out = process.getInputStream().readAllBytes();
        assertThat(process.waitFor()).as("exit status of the replay, output: %s", new String(out, StandardCharsets.UTF_8))
                .isZero();
        return out;
    }
    /** Splits the tool's output into its NUL-terminated records. */
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
        assertThat(record.size()).as("the tool ends every record with NUL").isZero();
        return records;
    }
}

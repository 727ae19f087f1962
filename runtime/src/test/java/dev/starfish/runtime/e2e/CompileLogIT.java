package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compile log as the shipped configuration writes it. With the shipped
 * {@code conf/log4j2.properties} the driver writes it without Log4j core; with any other
 * configuration file Log4j core does. Both must give the same lines.
 */
class CompileLogIT {

    private static final Pattern LINE = Pattern.compile(
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d,\\d{3} (DEBUG|INFO |WARN |ERROR) \\[.+\\] .*");

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void theLogWrittenWithoutLog4jCoreHasTheLinesLog4jCoreWrites() throws IOException {
        Path own = compile("own", Map.of());
        Path copy = Files.copy(dist.home().resolve("conf/log4j2.properties"), cwd.resolve("log4j2-copy.properties"));
        Path core = compile("core", Map.of("JAVA_OPTS", "-Dlog4j2.configurationFile=" + copy));

        List<String> ownLines = Files.readAllLines(own);
        assertThat(ownLines).isNotEmpty().allSatisfy(line -> assertThat(line).matches(LINE));
        assertThat(ownLines).anySatisfy(line -> assertThat(line).contains("] [WalrusDriver/sg00] Executing ")
                .contains("/walrus_driver "));
        assertThat(String.join("\n", ownLines)).as("a lazy argument is logged as its value").doesNotContain("$$Lambda");
        assertThat(normalized(ownLines, "own")).isEqualTo(normalized(Files.readAllLines(core), "core"));
    }

    @Test
    void anEditedConfigurationIsHonouredByCompileAndByCommandsWithoutALogFile() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("edited"));
        Path conf = copy.home().resolve("conf/log4j2.properties");
        Files.writeString(conf, Files.readString(conf).replace("%-5level [%t]", "%-5level EDITED [%t]")
                .replace("= %-5level %notEmpty", "= %-5level CONSOLE-EDITED %notEmpty"));
        AssembledDistribution.Run run = copy.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--no-cache",
                "--workdir", "edited.work", "-o", "edited.neff");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(Files.readAllLines(cwd.resolve("edited.work/log-starfish.txt")))
                .isNotEmpty().allSatisfy(line -> assertThat(line).contains(" EDITED ["));
        AssembledDistribution.Run jobs = copy.run(cwd, "jobs", "-vv");
        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stderr()).as("a command without a log file honours the edit too")
                .contains("DEBUG CONSOLE-EDITED Found ");
        AssembledDistribution.Run quiet = copy.run(cwd, "jobs");
        assertThat(quiet.stderr()).as("without -v the command's level is warn, whoever ran -vv before")
                .doesNotContain("CONSOLE-EDITED");
    }

    private Path compile(String name, Map<String, String> env) {
        AssembledDistribution.Run run = dist.run(cwd, env, "compile", dist.example("mlp.hlo").toString(), "--no-cache",
                "--workdir", name + ".work", "-o", name + ".neff", "-v");
        assertThat(run.exitCode()).as("%s", run).isZero();
        return cwd.resolve(name + ".work/log-starfish.txt");
    }

    /** Without what differs between two runs: times, durations, sizes, addresses, the run's own names. */
    private static List<String> normalized(List<String> lines, String name) {
        return lines.stream().map(line -> line.substring(24)
                .replace(name + ".work", "W").replace(name + ".neff", "N")
                .replaceAll("\\d+(\\.\\d+)? (ms|s|KiB|MiB|B)\\b", "#")
                .replaceAll("starfish-[a-z-]+-\\d+", "T").replaceAll("\\d+", "#")).toList();
    }
}

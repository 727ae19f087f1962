package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code starfish generate-completion} loaded into a real bash completes options, job options and
 * job names; the shipped manual pages render with {@code man -l} without a warning, one per command.
 */
class CompletionAndManPagesIT {

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @Test
    void theCompletionScriptOffersHostOptionsJobOptionsAndJobNamesInBash() throws Exception {
        AssembledDistribution.Run run = dist.run(cwd, "generate-completion");
        assertThat(run.stderr()).as("%s", run).isEmpty();
        assertThat(run.exitCode()).isZero();
        Path script = Files.writeString(cwd.resolve("starfish-completion.bash"), run.stdout());

        assertThat(complete(script, "starfish", "compile", "--w")).as("a host option of compile").contains("--workdir");
        assertThat(complete(script, "starfish", "compile", "--keep")).as("SaveTemps' option on compile")
                .contains("--keep-temps");
        assertThat(complete(script, "starfish", "compile", "--golden")).as("XLAInferGoldens' option on compile")
                .contains("--golden-seed");
        assertThat(complete(script, "starfish", "compile", "--pipeline", "HLO")).as("job names for --pipeline")
                .containsExactly("HLOToTensorizer");
        assertThat(complete(script, "starfish", "replay", "model.work", "Wal")).as("job names for replay's JOB")
                .containsExactly("WalrusDriver");
        assertThat(complete(script, "starfish", "do")).as("subcommands").containsExactly("doctor");
    }

    @Test
    void everyCommandHasAManualPageThatManRendersWithoutWarnings() throws Exception {
        Path man = dist.home().resolve("man");
        List<String> pages;
        try (Stream<Path> files = Files.list(man)) {
            pages = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(pages).contains("starfish.1", "starfish-compile.1", "starfish-jobs.1", "starfish-jobs-classify.1",
                "starfish-plugins.1", "starfish-plugins-list.1", "starfish-plugins-lock.1", "starfish-plugins-lint.1",
                "starfish-replay.1", "starfish-doctor.1", "starfish-inspect.1", "starfish-pipeline.1", "starfish-clean.1", "starfish-generate-completion.1", "starfish-help.1")
                .doesNotContain("starfish-generate-man-pages.1");
        for (String page : pages) {
            Process process = new ProcessBuilder("man", "--warnings", "-l", man.resolve(page).toString())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            process.getOutputStream().close();
            String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String warnings = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as("man -l %s: %s", page, warnings).isZero();
            assertThat(warnings).as("man -l %s warns", page).isEmpty();
            assertThat(text).as(page).contains("NAME").contains("SYNOPSIS").contains("DESCRIPTION");
        }
        String compile = render(man.resolve("starfish-compile.1"));
        assertThat(compile).contains("--workdir=DIR").contains("-o, --output=FILE").contains("SaveTemps options")
                .contains("--keep-temps").contains("MODEL");
        assertThat(render(man.resolve("starfish.1"))).contains("starfish-compile(1)").contains("Exit codes: 0 success");
        assertThat(render(man.resolve("starfish-doctor.1"))).contains("--json").contains("--verbose");
        for (String page : pages) {
            assertThat(render(man.resolve(page))).as("%s names every variable and file", page)
                    .contains("ENVIRONMENT").contains("STARFISH_HOME").contains("STARFISH_CACHE_DIR")
                    .contains("XDG_CACHE_HOME").contains("JAVA_OPTS").contains("NO_COLOR")
                    .contains("FILES").contains("conf/starfish.properties").contains("MODEL.work/");
        }
        assertThat(render(man.resolve("starfish-compile.1"))).contains("EXAMPLES")
                .contains("starfish compile model.hlo -###");
        assertThat(render(man.resolve("starfish-batch.1"))).contains("EXAMPLES").contains("--parallel 2");
    }

    @Test
    void helpCompileListsEachJobsOptionsAsTheManualPageDoes() {
        AssembledDistribution.Run help = dist.run(cwd, "help", "compile");
        assertThat(help.exitCode()).as("%s", help).isZero();
        assertThat(help.stdout()).contains("SaveTemps options:").contains("--keep-temps").contains("--golden-seed");
        assertThat(render(dist.home().resolve("man/starfish-compile.1"))).contains("SaveTemps options")
                .contains("--golden-seed");
    }

    @Test
    void theManualPagesAreTheHelpTextOfTheSameModel() {
        String help = dist.run(cwd, "replay", "--help").stdout().replaceAll("\\s+", " ");
        String page = render(dist.home().resolve("man/starfish-replay.1"));
        for (String text : List.of("The subgraph (sgNN or its number) of a job that ran once per subgraph.",
                "Only scripts of a work directory of your own that nobody else may write are run, never a symbolic link.",
                "Show more on the console: once for info, twice (-vv) for debug (default level: warn).")) {
            assertThat(help).contains(text);
            assertThat(page).contains(text);
        }
    }

    private static String render(Path page) {
        try {
            ProcessBuilder pb = new ProcessBuilder("man", "-l", page.toString());
            pb.environment().put("MANWIDTH", "200");
            pb.environment().put("MAN_KEEP_FORMATTING", "0");
            Process process = pb.redirectErrorStream(true).start();
            process.getOutputStream().close();
            String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as("man -l %s: %s", page, text).isZero();
            return text.replaceAll(".\b", "").replaceAll("\\s+", " ");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What bash's completion of the last word of {@code words} offers, through the generated function. */
    private static List<String> complete(Path script, String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word).append('\'');
        }
        String program = "source '" + script + "'\n"
                + "COMP_WORDS=(" + array + " )\n"
                + "COMP_CWORD=" + (words.length - 1) + "\n"
                + "COMP_LINE=\"${COMP_WORDS[*]}\"\nCOMP_POINT=${#COMP_LINE}\n"
                + "_complete_starfish\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        // stderr apart: compopt complains when the function is called outside a real completion
        Process bash = new ProcessBuilder("bash", "-c", program)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        bash.getOutputStream().close();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor()).as("bash: %s", out).isZero();
        return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
}

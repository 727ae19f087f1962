package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Everyday command-line mistakes: one {@code starfish: error:} line, a hint, exit 2, nothing created. */
class CliMistakesIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "compile --jobs 0 M | --jobs expects a number of at least 1, found 0",
        "compile --jobs abc M | invalid value for option '--jobs': 'abc' is not an int",
        "compile --log-level loud M | invalid value for option '--log-level': expected one of debug, info, warn, error, found 'loud'",
        "compile | missing required parameter: 'MODEL'",
        "compile M extra.hlo | unexpected argument 'extra.hlo'",
        "compile --pipline Frontend M | unknown option '--pipline'",
        "jobs --jsn | unknown option '--jsn'",
    })
    void aUsageMistakeIsOneErrorLineAndAHintNotTheUsage(String args, String message) {
        AssembledDistribution.Run run = dist.run(cwd, args.replace("M", dist.example("mlp.hlo").toString()).split(" "));
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        String[] lines = run.stderr().strip().split("\n");
        assertThat(lines[0]).as("%s", run).isEqualTo("starfish: error: " + message);
        assertThat(lines[lines.length - 1]).startsWith("Try 'starfish ").endsWith(" --help' for more information.");
        assertThat(lines.length).as("no usage dump: %s", run).isLessThanOrEqualTo(3);
        assertThat(run.stdout()).isEmpty();
        assertThat(cwd.resolve("mlp.work")).doesNotExist();
    }

    @Test
    void aMisspeltOptionGetsASuggestion() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "--keep-temp", dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("Did you mean: --keep-temps");
    }

    @Test
    void starfishWithoutACommandSaysWhichCommandsExist() {
        AssembledDistribution.Run run = dist.run(cwd);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: missing command: expected one of jobs, compile, batch, "
                + "plugins, pipeline, inspect, replay, clean, doctor, cache, server, generate-completion, help");
    }

    @Test
    void helpCommandPrintsTheHelpOfASubcommand() {
        AssembledDistribution.Run run = dist.run(cwd, "help", "compile");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("Usage: starfish compile").contains("--pipeline");
    }

    @Test
    void thePipelineIsOneCommaSeparatedValueWithSpacesTrimmed() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "--pipeline", "Frontend, HLOToTensorizer",
                dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stdout()).contains("Ran Frontend,HLOToTensorizer on ").contains("no output was written");
        assertThat(cwd.resolve("mlp.neff")).as("no success line claims a .neff that does not exist").doesNotExist();
    }

    @Test
    void thePipelineDoesNotSwallowTheModelAsAJobName() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "--pipeline", "Frontend", dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
    }

    @Test
    void aJobNameInTheWrongCaseGetsADidYouMean() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "--pipeline", "frontend", dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: unknown job 'frontend' in --pipeline (did you mean Frontend?)");
    }

    @Test
    void aRejectedJobIsDroppedFromTheDefaultPipelineWithAWarning() {
        AssembledDistribution.Run run = dist.run(cwd, "--reject-jobs", "SaveTemps", "compile", dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stderr()).contains("job SaveTemps is on the reject list; the compile runs without it");
        assertThat(cwd.resolve("mlp.neff")).exists();
    }

    @Test
    void aRejectListNamingAnUnknownJobIsWarnedAbout() {
        AssembledDistribution.Run run = dist.run(cwd, "--reject-jobs", "Nope", "jobs");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stderr()).contains("the reject list (--reject-jobs or rejected.jobs) names 'Nope', which no plugin "
                + "declares; it rejects nothing (known jobs: ");
    }

    @Test
    void aRejectedJobNamedInThePipelineIsAnError() {
        AssembledDistribution.Run run = dist.run(cwd, "--reject-jobs", "SaveTemps", "compile", "--pipeline", "Frontend,SaveTemps",
                dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: job SaveTemps is on the reject list");
    }

    @Test
    void anOptionOfAJobOutsideThePipelineIsWarnedAbout() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "--pipeline", "Frontend", "--keep-temps",
                dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stderr()).contains("--keep-temps has no effect: it is an option of SaveTemps, which is not in "
                + "this compile's pipeline");
    }

    @Test
    void aMissingToolIsReportedBeforeAnyJobRuns() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "--enable-experimental-backend", dist.example("mlp.hlo").toString());
        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: Could not find nn_executor")
                .endsWith("; job Backend needs it (nothing was run)\n");
        assertThat(cwd.resolve("mlp.work")).as("no job ran").doesNotExist();
    }

    @Test
    void aDirectoryAsModelSaysItIsADirectory() throws IOException {
        Files.createDirectories(cwd.resolve("models.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, "compile", "models.hlo");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("starfish: error: model " + cwd.resolve("models.hlo")
                + " is a directory; expected an HLO text file (to compile every model in it: starfish batch "
                + cwd.resolve("models.hlo") + ")\n");
    }

    @Test
    void aPipeAsModelSaysItIsNotARegularFile() throws Exception {
        Path fifo = cwd.resolve("model.hlo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        AssembledDistribution.Run run = dist.run(cwd, "compile", "model.hlo");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("is not a regular file (a pipe, socket or device)");
    }

    @Test
    void aMissingModelIsNamed() {
        AssembledDistribution.Run run = dist.run(cwd, "compile", "nope.hlo");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: model file not found: " + cwd.resolve("nope.hlo"));
        assertThat(cwd.resolve("nope.work")).doesNotExist();
    }

    @Test
    void aFileAsWorkDirectorySaysWhyWithExit2() throws IOException {
        Files.writeString(cwd.resolve("notes.txt"), "mine");
        AssembledDistribution.Run run = dist.run(cwd, "compile", dist.example("mlp.hlo").toString(), "--workdir", "notes.txt");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: work directory " + cwd.resolve("notes.txt")
                + " is not a directory");
        assertThat(cwd.resolve("notes.txt")).hasContent("mine");
    }

    @Test
    void aMissingPluginsDirectoryIsAnErrorForEveryCommand() {
        for (String command : new String[] {"jobs", "compile"}) {
            AssembledDistribution.Run run = command.equals("jobs") ? dist.run(cwd, "--plugins-dir", "/nonexistent", command)
                    : dist.run(cwd, "--plugins-dir", "/nonexistent", command, dist.example("mlp.hlo").toString());
            assertThat(run.exitCode()).as("%s: %s", command, run).isEqualTo(2);
            assertThat(run.stderr()).isEqualTo("starfish: error: plugins directory /nonexistent does not exist; "
                    + "check --plugins-dir\n");
        }
    }

    @Test
    void aWrongStarfishHomeIsNamedByTheLauncherScript() {
        AssembledDistribution.Run run = dist.run(cwd, Map.of("STARFISH_HOME", cwd.resolve("nowhere").toString()), "jobs");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("starfish: error: STARFISH_HOME=" + cwd.resolve("nowhere")
                + " is not a Starfish installation").doesNotContain("Could not find or load main class");
    }

    @Test
    void aNonAsciiModelPathCompilesUnderTheCLocale() throws IOException {
        Path model = cwd.resolve("mödel-ü.hlo");
        Files.copy(dist.example("mlp.hlo"), model);
        AssembledDistribution.Run run = dist.run(cwd, Map.of("LANG", "C", "LC_ALL", "C"), "compile", model.getFileName().toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(cwd.resolve("mödel-ü.neff")).exists();
    }

    @Test
    void helpHasNoColourOnADumbTerminal() {
        AssembledDistribution.Run run = dist.run(cwd, Map.of("TERM", "dumb"), "compile", "--help");
        assertThat(run.stdout()).doesNotContain("\u001b[");
    }

    @Test
    void helpWrapsBetweenWordsNeverInsideAFileName() {
        AssembledDistribution.Run run = dist.run(cwd, Map.of("COLUMNS", "80"), "compile", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).as("no line ends in a lone dot, as in 'with .' / 'neff'").doesNotContainPattern(" \\.\\R")
                .contains("--reject-jobs=JOB[,JOB...]").doesNotContain("JOB[,JOB...][,JOB");
    }

    @Test
    void everySubcommandTakesTheSameVerbosityOptions() {
        for (String command : new String[] {"jobs", "compile"}) {
            AssembledDistribution.Run run = dist.run(cwd, command, "--help");
            assertThat(run.stdout()).as(command).contains("-v, --verbose").contains("-q, --quiet")
                    .contains("--log-level=LEVEL");
        }
        AssembledDistribution.Run run = dist.run(cwd, "jobs", "--log-level", "warn");
        assertThat(run.exitCode()).as("warn is Log4j's own name and is accepted: %s", run).isZero();
    }
}

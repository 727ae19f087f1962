package dev.starfish.runtime.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The scan before Picocli parses: subcommand, plugins directory, reject list and console level. */
class EarlyArgumentsTest {

    @Test
    void firstKnownSubcommandIsDetected() {
        assertThat(EarlyArguments.scan("-v", "compile", "jobs").subcommand()).isEqualTo("compile");
        assertThat(EarlyArguments.scan("plugins").subcommand()).isEqualTo("plugins");
    }

    @Test
    void unknownWordsAreNoSubcommand() {
        assertThat(EarlyArguments.scan("model.onnx", "frobnicate").subcommand()).isNull();
    }

    @Test
    void pluginsDirIsReadAsSeparateOrJoinedValue() {
        assertThat(EarlyArguments.scan("--plugins-dir", "/opt/p", "compile").pluginsDir()).isEqualTo(Path.of("/opt/p"));
        assertThat(EarlyArguments.scan("compile", "--plugins-dir=/opt/q").pluginsDir()).isEqualTo(Path.of("/opt/q"));
    }

    @Test
    void pluginsDirWithoutValueIsIgnored() {
        assertThat(EarlyArguments.scan("compile", "--plugins-dir").pluginsDir()).isNull();
    }

    @Test
    void valueOfPluginsDirIsNotTakenForTheSubcommand() {
        EarlyArguments early = EarlyArguments.scan("--plugins-dir", "jobs", "compile");
        assertThat(early.pluginsDir()).as("the word after --plugins-dir is its value").isEqualTo(Path.of("jobs"));
        assertThat(early.subcommand()).isEqualTo("compile");
    }

    @Test
    void rejectJobsAreSplitTrimmedAndCollectedOverRepeats() {
        EarlyArguments early = EarlyArguments.scan("compile", "--reject-jobs", " a , b,,", "--reject-jobs=c", "--reject-jobs", "d");
        assertThat(early.rejectJobs()).containsExactly("a", "b", "c", "d");
    }

    @Test
    void valueOfRejectJobsIsNotTakenForTheSubcommand() {
        EarlyArguments early = EarlyArguments.scan("--reject-jobs", "help", "jobs");
        assertThat(early.rejectJobs()).containsExactly("help");
        assertThat(early.subcommand()).isEqualTo("jobs");
    }

    @Test
    void noVerbosityOptionLeavesConsoleLevelUnset() {
        assertThat(EarlyArguments.scan("compile").consoleLevel()).isEmpty();
    }

    @Test
    void oneVerboseMeansInfo() {
        assertThat(EarlyArguments.scan("-v", "compile").consoleLevel()).contains(Verbosity.INFO);
        assertThat(EarlyArguments.scan("--verbose", "compile").consoleLevel()).contains(Verbosity.INFO);
    }

    @Test
    void twoVerboseMeanDebugWhetherJoinedOrSeparate() {
        assertThat(EarlyArguments.scan("-vv", "compile").consoleLevel()).contains(Verbosity.DEBUG);
        assertThat(EarlyArguments.scan("-v", "compile", "-v").consoleLevel()).contains(Verbosity.DEBUG);
    }

    @Test
    void quietMeansError() {
        assertThat(EarlyArguments.scan("-q", "compile").consoleLevel()).contains(Verbosity.ERROR);
        assertThat(EarlyArguments.scan("--quiet", "compile").consoleLevel()).contains(Verbosity.ERROR);
    }

    @Test
    void logLevelIsReadInAnyCaseAndWarningMeansWarn() {
        assertThat(EarlyArguments.scan("--log-level", "warn").consoleLevel()).contains(Verbosity.WARN);
        assertThat(EarlyArguments.scan("--log-level=warning").consoleLevel()).contains(Verbosity.WARN);
        assertThat(EarlyArguments.scan("--log-level", "DEBUG").consoleLevel()).contains(Verbosity.DEBUG);
    }

    @Test
    void logLevelWinsOverVerbose() {
        assertThat(EarlyArguments.scan("-vv", "--log-level", "error", "-v").consoleLevel()).contains(Verbosity.ERROR);
    }

    @Test
    void unknownLogLevelFallsBackToVerboseCount() {
        assertThat(EarlyArguments.scan("-v", "--log-level", "loud").consoleLevel()).contains(Verbosity.INFO);
    }

    @Test
    void doubleDashStopsTheScan() {
        EarlyArguments early = EarlyArguments.scan("--", "compile", "--plugins-dir", "/x", "-vv", "--reject-jobs", "a");
        assertThat(early.subcommand()).isNull();
        assertThat(early.pluginsDir()).isNull();
        assertThat(early.rejectJobs()).isEmpty();
        assertThat(early.consoleLevel()).isEmpty();
    }

    @Test
    void helpForACommandNeedsWhatTheCommandNeeds() {
        assertThat(EarlyArguments.scan("help", "compile").subcommand()).as("compile's help lists the jobs' options")
                .isEqualTo("compile");
        assertThat(EarlyArguments.scan("help").subcommand()).isEqualTo("help");
    }
}

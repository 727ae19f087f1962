package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code -vv} turns on debug lines for every subcommand that loads the plugins, and {@code -q} keeps them off. */
class VerboseEverywhereIT {

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jobs", "jobs classify", "plugins list", "doctor", "generate-completion"})
    void debugWithTwoVsAndNothingWithQuiet(String command) {
        AssembledDistribution.Run plain = dist.run(cwd, args(command));
        AssembledDistribution.Run debug = dist.run(cwd, args(command, "-vv"));
        AssembledDistribution.Run quiet = dist.run(cwd, args(command, "--log-level", "debug", "-q"));

        assertThat(plain.stderr()).as("%s at the default level", command).isEmpty();
        assertThat(debug.exitCode()).as("%s -vv: %s", command, debug).isZero();
        assertThat(debug.stderr()).as("%s -vv", command).containsPattern("DEBUG Found \\d+ jobs in \\d+ plugins of ")
                .contains("WalrusDriver (starfish-job-walrusdriver-");
        assertThat(quiet.stderr()).as("%s: --log-level wins over -q, as everywhere", command)
                .containsPattern("DEBUG Found \\d+ jobs in \\d+ plugins of ");
    }

    private static String[] args(String command, String... more) {
        List<String> args = new ArrayList<>(Arrays.asList(command.split(" ")));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's rough edges a first-time user met (issue 24, defect 9): a group without its
 * subcommand, an unknown command with {@code --help}, several models given to {@code compile},
 * options a command does not use, and {@code cache} subcommands as JSON.
 */
class CliTextIT {

    @TempDir
    Path cwd;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @Test
    void aGroupWithoutItsSubcommandIsOneErrorLineAndAHintNotTheWholeUsage() {
        for (String group : new String[] {"cache", "plugins"}) {
            AssembledDistribution.Run run = dist.run(cwd, group);
            assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
            assertThat(run.stderr().lines().toList()).as(group).hasSize(2);
            assertThat(run.stderr()).startsWith("starfish: error: " + group + " needs a subcommand: ")
                    .contains("Try 'starfish " + group + " --help' for more information.").doesNotContain("Usage:");
            assertThat(run.stdout()).isEmpty();
        }
    }

    @Test
    void anUnknownCommandIsAnErrorEvenWithHelp() {
        AssembledDistribution.Run help = dist.run(cwd, "daemon", "--help");
        assertThat(help.exitCode()).as("%s", help).isEqualTo(2);
        assertThat(help.stdout()).as("no top-level help on stdout").isEmpty();
        assertThat(help.stderr()).startsWith("starfish: error: unknown command 'daemon'; expected one of jobs, compile")
                .contains("Try 'starfish --help'");

        AssembledDistribution.Run misspelt = dist.run(cwd, "--plugins-dir", dist.home().resolve("plugins").toString(),
                "compil", "x.hlo");
        assertThat(misspelt.exitCode()).as("%s", misspelt).isEqualTo(2);
        assertThat(misspelt.stderr()).contains("unknown command 'compil' (did you mean compile?)");
    }

    @Test
    void compileGivenSeveralModelsOrADirectoryPointsAtBatch() throws Exception {
        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        AssembledDistribution.Run two = dist.run(cwd, "compile", model.toString(), model.toString());
        assertThat(two.exitCode()).as("%s", two).isEqualTo(2);
        assertThat(two.stderr()).contains("unexpected argument")
                .contains("compile takes one model; to compile several in one driver: starfish batch MODEL...");

        AssembledDistribution.Run dir = dist.run(cwd, "compile", cwd.toString());
        assertThat(dir.exitCode()).as("%s", dir).isEqualTo(2);
        assertThat(dir.stderr()).contains("is a directory; expected an HLO text file")
                .contains("(to compile every model in it: starfish batch " + cwd + ")");
    }

    @Test
    void commandsThatLoadNoPluginRefuseThePluginOptions() {
        AssembledDistribution.Run cache = dist.run(cwd, "cache", "info", "--plugins-dir", "/tmp");
        assertThat(cache.exitCode()).as("%s", cache).isEqualTo(2);
        assertThat(cache.stderr()).contains("unknown option '--plugins-dir'");
        AssembledDistribution.Run completion = dist.run(cwd, "generate-completion", "--reject-jobs", "Kelper");
        assertThat(completion.exitCode()).as("%s", completion).isEqualTo(2);
        assertThat(completion.stderr()).contains("unknown option '--reject-jobs'");
        assertThat(dist.run(cwd, "cache", "--help").stdout()).doesNotContain("--plugins-dir");
        assertThat(dist.run(cwd, "compile", "--help").stdout()).as("compile keeps them").contains("--plugins-dir");
    }

    @Test
    void everyCacheSubcommandPrintsJson() throws Exception {
        Path cacheDir = cwd.resolve("cache");
        Map<String, String> env = Map.of("STARFISH_CACHE_DIR", cwd.resolve("caches").toString());
        AssembledDistribution.Run absent = dist.run(cwd, env, "cache", "info", "--json", "--cache-dir", cacheDir.toString());
        assertThat(absent.exitCode()).as("%s", absent).isZero();
        JsonNode none = new ObjectMapper().readTree(absent.stdout());
        assertThat(none.get("exists").asBoolean()).isFalse();
        assertThat(none.get("entries").asInt()).isZero();

        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        AssembledDistribution.Run compile = dist.run(cwd, env, "compile", model.toString(), "-q", "--cache-dir",
                cacheDir.toString());
        assertThat(compile.exitCode()).as("%s", compile).isZero();
        JsonNode info = new ObjectMapper().readTree(dist.run(cwd, env, "cache", "info", "--json", "--cache-dir",
                cacheDir.toString()).stdout());
        assertThat(info.get("entries").asInt()).isEqualTo(1);
        assertThat(info.get("bytes").asLong()).isPositive();
        assertThat(info.get("directory").asText()).isEqualTo(cacheDir.toString());
        JsonNode verify = new ObjectMapper().readTree(dist.run(cwd, env, "cache", "verify", "--json", "--cache-dir",
                cacheDir.toString()).stdout());
        assertThat(verify.get("sound").asInt()).isEqualTo(1);
        assertThat(verify.get("dropped")).isEmpty();
        JsonNode clear = new ObjectMapper().readTree(dist.run(cwd, env, "cache", "clear", "--json", "--cache-dir",
                cacheDir.toString()).stdout());
        assertThat(clear.get("removed").asInt()).isEqualTo(1);
    }

    @Test
    void helpListsEachCommandWithAWholeSentence() {
        AssembledDistribution.Run help = dist.run(cwd, "help");
        assertThat(help.exitCode()).as("%s", help).isZero();
        String batch = help.stdout().replaceAll("\\s+", " ");
        assertThat(batch).contains("batch Compile many HLO models in one driver; a failing model does not stop the others.");
        assertThat(batch).doesNotContain("and status, plugins");
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code starfish plugins lint} on the real distribution: its output lines and exit codes 0, 1 and 2. */
class PluginsLintIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void theShippedPluginsLintCleanExceptTheTwoWhoseToolsAreNotShipped() throws IOException {
        List<String> args = new ArrayList<>(List.of("plugins", "lint"));
        try (Stream<Path> jars = Files.list(dist.home().resolve("plugins"))) {
            jars.sorted().forEach(jar -> args.add(jar.toString()));
        }
        AssembledDistribution.Run lint = dist.run(cwd, args.toArray(String[]::new));
        assertThat(lint.exitCode()).as("a warning is a finding: %s", lint).isEqualTo(1);
        List<String> findings = lint.stdout().lines().filter(line -> !line.endsWith(".jar: ok")).toList();
        assertThat(findings).as("nn_executor and watchpoint_insert are not in starfish/bin by design: %s", lint)
                .containsExactly(missingTool("backend", "Backend", "nn_executor"),
                        missingTool("watchpoint", "Watchpoint", "watchpoint_insert"));
        assertThat(lint.stdout().lines().count()).as("one line per jar").isEqualTo(args.size() - 2);
    }

    private String missingTool(String plugin, String job, String tool) {
        Path bin = dist.home().resolve("starfish/bin");
        return dist.home().resolve("plugins/starfish-job-" + plugin + "-0.1.0.jar") + ": warning: job '" + job
                + "' runs the tool '" + tool + "', which the jar does not bundle (expected native/linux-x86_64/bin/"
                + tool + ") and neither of " + bin.resolve("private") + ", " + bin + " holds, so a compile running it"
                + " stops with Could not find " + tool + ": bundle the tool, or install it into starfish/bin/private";
    }

    @Test
    void aFindingIsOneLineOnStdoutAndExitOne() {
        Path bad = new PluginJarBuilder(cwd, "bad").job("fixture.bad.SaveTemps",
                PluginJarBuilder.inProcessJob("fixture.bad", "SaveTemps", "", "1")).withoutDescriptor()
                .buildInto(cwd, "bad.jar");
        AssembledDistribution.Run lint = dist.run(cwd, "plugins", "lint", "bad.jar");
        assertThat(lint.exitCode()).as("%s", lint).isEqualTo(1);
        assertThat(lint.stdout()).as("%s", lint).isEqualTo(
                "bad.jar: error: no plugin descriptor: expected Plugin-Id and Plugin-Version in META-INF/MANIFEST.MF, "
                        + "found Plugin-Id=null, Plugin-Version=null; set them in maven-jar-plugin's <manifestEntries> "
                        + "(see sdk/job-template/pom.xml)\n"
                        + "bad.jar: error: job 'SaveTemps' is also declared by the installed plugin "
                        + dist.home().resolve("plugins/starfish-job-savetemps-0.1.0.jar") + "; the registry refuses "
                        + "every jar declaring a job another jar declares: rename the job class (its simple name is "
                        + "the job's name)\n");
    }

    @Test
    void aMissingFileOrADirectoryIsAUsageErrorWithExitTwo() throws IOException {
        AssembledDistribution.Run missing = dist.run(cwd, "plugins", "lint", "nope.jar");
        assertThat(missing.exitCode()).as("%s", missing).isEqualTo(2);
        assertThat(missing.stderr()).as("%s", missing).isEqualTo("starfish: error: nope.jar: no such file; expected a "
                + "plugin jar file, e.g. target/<artifact>-<version>.jar\n");
        Files.createDirectories(cwd.resolve("dir.jar"));
        AssembledDistribution.Run directory = dist.run(cwd, "plugins", "lint", "dir.jar");
        assertThat(directory.exitCode()).as("%s", directory).isEqualTo(2);
        assertThat(directory.stderr()).as("%s", directory).startsWith("starfish: error: dir.jar: is a directory;");
        AssembledDistribution.Run none = dist.run(cwd, "plugins", "lint");
        assertThat(none.exitCode()).as("no jar named: %s", none).isEqualTo(2);
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code starfish jobs} on the real distribution. */
class JobsCommandIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void jobsJsonListsTheElevenJobsWithKindToolAndPlugin() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "jobs", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode jobs = new ObjectMapper().readTree(run.stdout());
        List<String> names = new ArrayList<>();
        for (JsonNode job : jobs) {
            names.add(job.path("name").asText());
            assertThat(job.has("kind") && job.has("plugin") && job.has("version") && job.has("jar")).isTrue();
        }
        assertThat(names).containsExactlyInAnyOrder("Frontend", "StaticIOTranspose", "HLOToTensorizer", "WalrusDriver",
                "BIRVerifier", "XLAInferGoldens", "Kelper", "NeffWrapper", "SaveTemps", "Backend", "Watchpoint");
        for (JsonNode job : jobs) {
            String name = job.path("name").asText();
            boolean nativeJob = List.of("HLOToTensorizer", "WalrusDriver", "BIRVerifier", "XLAInferGoldens", "NeffWrapper",
                    "Backend", "Watchpoint").contains(name);
            assertThat(job.path("kind").asText()).as(name).isEqualTo(nativeJob ? "native" : "in-process");
        }
        assertThat(run.stdout()).as("a missing tool resolves to null").contains("\"toolPath\" : null");
    }

    @Test
    void jobsShowsWhichJobsRunOnlyOnRequestAndTheOptionThatRequestsThem() throws IOException {
        AssembledDistribution.Run table = dist.run(cwd, "jobs");
        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.stdout()).containsPattern("Watchpoint +native +#\\d+ on request ")
                .containsPattern("WalrusDriver +native +#\\d+ always ")
                .contains("On request: Backend with --enable-experimental-backend, Watchpoint with --watchpoint.\n");
        AssembledDistribution.Run wide = dist.run(cwd, "jobs", "--wide");
        assertThat(wide.stdout()).containsPattern("Watchpoint +native +#\\d+ on request \\(--watchpoint\\) ")
                .containsPattern("Backend +native +#\\d+ on request \\(--enable-experimental-backend\\) ")
                .containsPattern("WalrusDriver +native +#4 always ");
        JsonNode jobs = new ObjectMapper().readTree(dist.run(cwd, "jobs", "--json").stdout());
        for (JsonNode job : jobs) {
            String expected = switch (job.path("name").asText()) {
                case "Watchpoint" -> "--watchpoint";
                case "Backend" -> "--enable-experimental-backend";
                default -> null;
            };
            assertThat(job.path("enabledBy").isNull() ? null : job.path("enabledBy").asText())
                    .as("enabledBy of %s", job.path("name").asText()).isEqualTo(expected);
        }
    }

    @Test
    void jobsFits120ColumnsWithPathsRelativeToTheInstallationAndWidePrintsThemInFull() {
        AssembledDistribution.Run table = dist.run(cwd, "jobs");
        assertThat(table.exitCode()).as("%s", table).isZero();
        assertThat(table.stdout().lines()).as(table.stdout()).allMatch(line -> line.length() <= 120);
        assertThat(table.stdout()).containsPattern("WalrusDriver +native +#\\d+ always +starfish/bin/walrus_driver +walrusdriver 0.1.0\n")
                .containsPattern("Watchpoint +native +#\\d+ on request +watchpoint_insert \\(missing\\) +watchpoint 0.1.0\n")
                .doesNotContain(".jar");

        AssembledDistribution.Run wide = dist.run(cwd, "jobs", "--wide");
        assertThat(wide.stdout()).contains(dist.home().resolve("starfish/bin/walrus_driver") + " (bin)")
                .contains(dist.home().resolve("plugins/starfish-job-walrusdriver-0.1.0.jar").toString());
        assertThat(wide.stdout().lines().mapToInt(String::length).max().orElse(0)).isGreaterThan(120);
    }

    @Test
    void aLongInstallationPathDoesNotWidenTheTable() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("a-distribution-copy-in-a-directory-with-a-rather-long-name"
                + "-to-push-the-table-past-120-columns"));
        Path tool = copy.home().resolve("starfish/bin/private/walrus_driver");
        Files.copy(copy.home().resolve("starfish/bin/walrus_driver"), tool);

        AssembledDistribution.Run table = copy.run(cwd, "jobs");

        assertThat(table.stdout().lines()).as(table.stdout()).allMatch(line -> line.length() <= 120);
        assertThat(table.stdout()).containsPattern("WalrusDriver +native +#\\d+ always +starfish/bin/private/walrus_driver ");
    }

    @Test
    void jobsVerboseShowsTheDifferentJacksonVersionsFrontendAndKelperBundle() {
        AssembledDistribution.Run run = dist.run(cwd, "jobs", "--libraries");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("bundles com.fasterxml.jackson.core:jackson-databind:2.23.0")
                .contains("bundles com.fasterxml.jackson.core:jackson-databind:2.17.2");
    }

    @Test
    void jobsNativeListsEachPluginsOwnLibpenguinAndWhereEachToolResolves() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "jobs", "--native", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode jobs = new ObjectMapper().readTree(run.stdout());
        String frontendLib = null;
        String kelperLib = null;
        for (JsonNode job : jobs) {
            String name = job.path("name").asText();
            if (name.equals("Frontend")) {
                frontendLib = job.path("nativeLibraries").get(0).path("path").asText();
            } else if (name.equals("Kelper")) {
                kelperLib = job.path("nativeLibraries").get(0).path("path").asText();
            }
        }
        assertThat(frontendLib).contains("/frontend/").endsWith("/libpenguin.so");
        assertThat(kelperLib).contains("/kelper/").endsWith("/libpenguin.so").isNotEqualTo(frontendLib);
        AssembledDistribution.Run table = dist.run(cwd, "jobs", "--native");
        assertThat(table.stdout()).contains("tool walrus_driver resolves from bin: ")
                .contains("tool nn_executor resolves from nowhere (missing)");
    }

    @Test
    void jobsClassifyRebuildsTheSeedsTableFromBytecode() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "jobs", "classify", "--json");
        assertThat(run.exitCode()).as("%s", run).isZero();
        for (JsonNode row : new ObjectMapper().readTree(run.stdout())) {
            assertThat(row.path("kind").asText()).as("bytecode kind of %s", row.path("name").asText())
                    .isEqualTo(row.path("declaredKind").asText());
            if (row.path("kind").asText().equals("native")) {
                assertThat(row.path("resolverRefs").asInt()).isPositive();
                assertThat(row.path("spawnRefs").asInt()).isPositive();
            }
        }
    }

    @Test
    void aCorruptJarIsSkippedWithCouldNotImportAndTheRestStillList() throws IOException {
        Path plugins = cwd.resolve("plugins");
        Files.createDirectories(plugins);
        try (var jars = Files.list(dist.home().resolve("plugins"))) {
            for (Path jar : jars.toList()) {
                Files.copy(jar, plugins.resolve(jar.getFileName()));
            }
        }
        Files.writeString(plugins.resolve("corrupt.jar"), "this is not a zip");
        AssembledDistribution.Run run = dist.run(cwd, "--plugins-dir", plugins.toString(), "jobs");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).as("said once, in the listing").contains("failed: corrupt.jar: Could not import 'corrupt'")
                .contains("WalrusDriver");
        assertThat(run.stderr()).doesNotContain("Could not import");
    }

    @Test
    void rejectedJobsAreNotListed() {
        AssembledDistribution.Run run = dist.run(cwd, "--reject-jobs", "SaveTemps,Kelper", "jobs");
        assertThat(run.stdout()).doesNotContain("SaveTemps").doesNotContain("Kelper").contains("WalrusDriver");
    }

    @Test
    void versionAndHelpAndUsageErrorsUseTheDocumentedExitCodes() {
        assertThat(dist.run(cwd, "--version").stdout()).startsWith("starfish 0.1.0");
        assertThat(dist.run(cwd, "--help").stdout()).contains("jobs").contains("compile").contains("Exit codes");
        AssembledDistribution.Run bad = dist.run(cwd, "--no-such-option");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.stderr()).contains("--no-such-option");
    }

    @Test
    void theLauncherScriptWorksThroughASymlinkFromAnyDirectory() throws IOException {
        Path link = cwd.resolve("sf");
        Files.createSymbolicLink(link, dist.home().resolve("bin/starfish"));
        AssembledDistribution linked = new AssembledDistribution(dist.home());
        AssembledDistribution.Run run = linked.run(cwd.resolve("elsewhere"), "--version");
        assertThat(run.exitCode()).isZero();
        ProcessBuilder pb = new ProcessBuilder(link.toString(), "--version").directory(Path.of("/").toFile());
        pb.environment().remove("STARFISH_HOME");
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor()).isZero();
            assertThat(out).startsWith("starfish 0.1.0");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code starfish doctor} on the shipped installation and on broken copies of it: the right line for each fault. */
class DoctorCommandIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void aHealthyInstallationPassesEveryCheck() throws IOException {
        AssembledDistribution.Run run = dist.run(cwd, "doctor");

        assertThat(run).as("exit 0, nothing on stderr").matches(r -> r.exitCode() == 0 && r.stderr().isEmpty());
        assertThat(run.stdout().lines()).as("%s", run).allMatch(l -> l.startsWith("OK    "));
        assertThat(run.stdout()).containsPattern("OK {4}jdk {11}Java 17")
                .contains("OK    exec shim     libexec/starfish-exec\n")
                .contains("OK    sandbox       on (launcher.sandbox=auto): /usr/bin/bwrap; each tool step sees the system,"
                        + " the installation's tools, libraries and conf/ and, of the work directory, what its job consumes"
                        + " read-only, writes only its own directory and a private /tmp, no network\n")
                .contains("OK    deep-bind     lib/native/libstarfish-deepbind.so\n")
                .contains("OK    job tool      WalrusDriver: walrus_driver -> starfish/bin/walrus_driver (bin)\n")
                .contains("OK    job tool      Watchpoint: watchpoint_insert is not installed; the job runs only with "
                        + "--watchpoint")
                .contains("OK    pipeline      11 jobs, all loaded\n")
                .contains("OK    native cache  " + cwd.resolve(".cache/native") + " does not exist yet");
        JsonNode json = new ObjectMapper().readTree(dist.run(cwd, "doctor", "--json").stdout());
        assertThat(json.isArray()).isTrue();
        assertThat(json.get(0).path("status").asText()).isEqualTo("OK");
        assertThat(json.get(0).path("check").asText()).isEqualTo("jdk");
        assertThat(json.get(0).path("fix").isNull()).isTrue();
    }

    @Test
    void aToolMadeNonExecutableFailsWithTheChmodThatFixesIt() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path tool = copy.home().resolve("starfish/bin/walrus_driver");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rw-r--r--"));

        AssembledDistribution.Run run = copy.run(cwd, "doctor");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stdout()).contains("FAIL  tool          starfish/bin/walrus_driver is not executable (mode "
                + "rw-r--r--); fix: chmod 755 " + tool + "\n")
                .contains("FAIL  job tool      WalrusDriver: Could not find walrus_driver");
    }

    @Test
    void aMissingExecShimFails() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Files.delete(copy.home().resolve("libexec/starfish-exec"));

        AssembledDistribution.Run run = copy.run(cwd, "doctor");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stdout()).contains("FAIL  exec shim     libexec/starfish-exec is missing; every native tool "
                + "starts through it, so no native job can run; fix: reinstall the distribution (it ships "
                + "libexec/starfish-exec)\n");
    }

    @Test
    void aTruncatedDeepBindLibraryFails() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Files.write(copy.home().resolve("lib/native/libstarfish-deepbind.so"), new byte[] {0x7f, 'E'});

        AssembledDistribution.Run run = copy.run(cwd, "doctor");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stdout()).contains("FAIL  deep-bind     lib/native/libstarfish-deepbind.so is neither an ELF file "
                + "nor a script (2-byte header 7f45); it may be truncated or corrupt");
    }

    @Test
    void aWorldWritableCacheDirectoryWarnsWithTheChmodThatFixesIt() throws IOException {
        Path cache = Files.createDirectories(cwd.resolve("shared-cache"));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwxrwx"));

        AssembledDistribution.Run run = dist.run(cwd, Map.of("STARFISH_CACHE_DIR", cache.toString()), "doctor");

        assertThat(run.exitCode()).as("a warning is not a failure: %s", run).isZero();
        assertThat(run.stdout()).contains("WARN  cache         " + cache + " is writable by group or others (mode "
                + "rwxrwxrwx): Starfish does not use it and extracts into a private temporary directory on every run "
                + "instead; fix: chmod 700 " + cache + "\n");
    }

    @Test
    void aRefusedPluginAndConflictingJobNamesFailWithTheReason() throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("plugins"));
        try (Stream<Path> jars = Files.list(dist.home().resolve("plugins"))) {
            for (Path jar : jars.toList()) {
                Files.copy(jar, plugins.resolve(jar.getFileName()));
            }
        }
        Path kelper = plugins.resolve("starfish-job-kelper-0.1.0.jar");
        Files.setPosixFilePermissions(kelper, PosixFilePermissions.fromString("rw-rw-rw-"));
        Files.copy(plugins.resolve("starfish-job-savetemps-0.1.0.jar"), plugins.resolve("aaa-savetemps-copy.jar"));

        AssembledDistribution.Run run = dist.run(cwd, "--plugins-dir", plugins.toString(), "doctor");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.stdout()).contains("FAIL  plugin        starfish-job-kelper-0.1.0.jar refused: world-writable "
                + "(mode 0666); fix: chmod go-w " + kelper + "\n")
                .contains("FAIL  job names     job SaveTemps is declared by aaa-savetemps-copy.jar and "
                        + "starfish-job-savetemps-0.1.0.jar, so every one of them is refused; fix: remove the jar you do "
                        + "not trust from " + plugins + "\n")
                .contains("FAIL  pipeline      jobs Kelper, SaveTemps of the pipeline in ");
        assertThat(run.stdout().lines().filter(l -> l.contains("aaa-savetemps-copy.jar")).toList())
                .as("the conflict is one line, not one per jar").hasSize(1);
    }

    @Test
    void aNearlyFullWorkFileSystemFailsAndSaysHowMuchIsFree() throws Exception {
        // the suite runs as root (README): a 20 MiB tmpfs stands for a full disk
        Path small = Files.createDirectories(cwd.resolve("small"));
        assertThat(command("mount", "-t", "tmpfs", "-o", "size=20m", "tmpfs", small.toString())).isZero();
        try {
            AssembledDistribution.Run run = dist.run(small, Map.of("STARFISH_CACHE_DIR", cwd.resolve("cache").toString()),
                    "doctor");

            assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
            assertThat(run.stdout()).containsPattern("FAIL  work space    (19|20) MiB free at " + small
                    + " \\(less than 100 MiB\\); fix: free some space or compile elsewhere \\(--workdir, "
                    + "STARFISH_CACHE_DIR\\)\n")
                    .containsPattern("OK    cache space   \\d+ MiB free at " + cwd + "(/cache)?\n");
        } finally {
            assertThat(command("umount", small.toString())).isZero();
        }
    }

    private static int command(String... argv) throws IOException, InterruptedException {
        return new ProcessBuilder(argv).inheritIO().start().waitFor();
    }

    @Test
    void aSettingsFileThatDoesNotParseOrHoldsABadValueFails() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path settings = copy.home().resolve("conf/starfish.properties");
        Files.writeString(settings, Files.readString(settings) + "launcher.kill.grace.millis=soon\nlaunch.timeout=3\n");

        AssembledDistribution.Run bad = copy.run(cwd, "doctor");

        assertThat(bad.exitCode()).as("%s", bad).isEqualTo(1);
        assertThat(bad.stdout()).contains("FAIL  settings      " + settings + ": launcher.kill.grace.millis expects an "
                + "integer, found 'soon'; fix: correct the value in " + settings + "\n")
                .contains("WARN  settings      " + settings + ": unknown key 'launch.timeout'");

        Files.writeString(settings, "pipeline=Frontend\nbroken=\\u12\n");
        AssembledDistribution.Run unparsable = copy.run(cwd, "doctor");
        assertThat(unparsable.exitCode()).as("%s", unparsable).isEqualTo(1);
        assertThat(unparsable.stdout()).contains("FAIL  settings      " + settings + " does not parse: Malformed "
                + "\\uxxxx encoding.; fix: fix the file (Java properties syntax, UTF-8) or restore the shipped one\n");
        assertThat(unparsable.stderr()).doesNotContain("Exception").doesNotContain("\tat ");
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plugin code runs only for the jobs a command uses, and untrusted jars are refused, on the real distribution. */
class PluginTrustIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    /** A copy of the shipped plugins in {@code cwd/plugins}, to add fixtures to. */
    private Path shippedPluginsCopy() throws IOException {
        Path plugins = Files.createDirectories(cwd.resolve("plugins"));
        try (var jars = Files.list(dist.home().resolve("plugins"))) {
            for (Path jar : jars.toList()) {
                Files.copy(jar, plugins.resolve(jar.getFileName()));
            }
        }
        return plugins;
    }

    private static String inProcessJob(String pkg, String name, String members) {
        return "package " + pkg + ";\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class " + name + " extends InProcessJob {\n" + members + "\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) { }\n}\n";
    }

    private static String touch(Path marker) {
        return "try { java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + marker + "\"), \"ran\"); }"
                + " catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }";
    }

    /** A jar with {@code id} whose {@code job}'s static initialiser writes the returned marker file: proof it ran. */
    private Path markingJar(Path plugins, String id, String job, String fileName) {
        Path marker = cwd.resolve(fileName + "-ran");
        String pkg = "fixture." + fileName.replaceAll("[^a-z]", "");
        new PluginJarBuilder(cwd, id).job(pkg + "." + job, inProcessJob(pkg, job, "  static { " + touch(marker) + " }"))
                .buildInto(plugins, fileName);
        return marker;
    }

    @Test
    void aJobWhoseStaticInitialiserCallsSystemExitIsListedAndACompileWithoutItSucceeds() throws IOException {
        Path plugins = shippedPluginsCopy();
        new PluginJarBuilder(cwd, "exiter").job("fixture.exiter.ExitJob", inProcessJob("fixture.exiter", "ExitJob",
                "  static { System.exit(42); }")).buildInto(plugins, "exiter.jar");

        AssembledDistribution.Run jobs = dist.run(cwd, "--plugins-dir", plugins.toString(), "jobs");
        assertThat(jobs.exitCode()).as("jobs does not run ExitJob's static initialiser: %s", jobs).isZero();
        assertThat(jobs.stdout()).contains("ExitJob").contains("SaveTemps");
        AssembledDistribution.Run json = dist.run(cwd, "--plugins-dir", plugins.toString(), "jobs", "--json");
        assertThat(json.exitCode()).as("%s", json).isZero();
        AssembledDistribution.Run help = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile", "--help");
        assertThat(help.exitCode()).as("%s", help).isZero();
        assertThat(help.stdout()).contains("--keep-temps");

        AssembledDistribution.Run compile = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile",
                dist.example("mlp.hlo").toString(), "--output", "out/model.neff");
        assertThat(compile.exitCode()).as("a compile not using ExitJob: %s", compile).isZero();
        assertThat(cwd.resolve("out/model.neff")).exists();
    }

    @Test
    void aJobThatCannotBeCreatedIsOneLineOnTheConsoleAndItsTraceGoesToTheLog() throws IOException {
        Path plugins = shippedPluginsCopy();
        new PluginJarBuilder(cwd, "deep").job("fixture.deep.DeepJob", inProcessJob("fixture.deep", "DeepJob",
                "  static final int DEPTH = recurse(0);\n  static int recurse(int n) { return recurse(n + 1) + 1; }"))
                .buildInto(plugins, "deep.jar");
        new PluginJarBuilder(cwd, "boom").job("fixture.boom.BoomJob", inProcessJob("fixture.boom", "BoomJob",
                "  public BoomJob() { throw new IllegalStateException(\"boom\"); }")).buildInto(plugins, "boom.jar");

        AssembledDistribution.Run deep = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile",
                dist.example("mlp.hlo").toString(), "--pipeline", "DeepJob");
        assertThat(deep.exitCode()).as("%s", deep).isEqualTo(1);
        assertThat(deep.stderr()).as("%s", deep).contains("starfish: error: job DeepJob of plugin deep (deep.jar) "
                + "could not be created: java.lang.StackOverflowError\n").doesNotContain("\tat ");
        assertThat(deep.stderr().lines().count()).as("no trace on the console: %s", deep).isLessThan(10);
        assertThat(cwd.resolve("log-starfish.txt")).as("the trace is in the compile's log").content()
                .contains("java.lang.StackOverflowError").contains("fixture.deep.DeepJob.recurse(DeepJob.java");

        AssembledDistribution.Run boom = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile",
                dist.example("mlp.hlo").toString(), "--pipeline", "BoomJob");
        assertThat(boom.exitCode()).as("%s", boom).isEqualTo(1);
        assertThat(boom.stderr()).as("%s", boom).contains("starfish: error: job BoomJob of plugin boom (boom.jar) "
                + "could not be created: java.lang.IllegalStateException: boom\n").doesNotContain("\tat ");
    }

    @Test
    void anImpostorOfAShippedJobIsRefusedWithItAndNeverRuns() throws IOException {
        Path plugins = shippedPluginsCopy();
        Path marker = markingJar(plugins, "evil", "SaveTemps", "aaa-evil.jar");
        Path writable = plugins.resolve("zzz-writable.jar");
        new PluginJarBuilder(cwd, "writable").job("fixture.writable.WritableJob", inProcessJob("fixture.writable",
                "WritableJob", "")).buildInto(plugins, "zzz-writable.jar");
        Files.setPosixFilePermissions(writable, PosixFilePermissions.fromString("rw-rw-rw-"));

        AssembledDistribution.Run jobs = dist.run(cwd, "--plugins-dir", plugins.toString(), "jobs");
        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stdout()).as("%s", jobs)
                .contains("refused: aaa-evil.jar: job 'SaveTemps' of aaa-evil.jar is also declared by "
                        + "starfish-job-savetemps-0.1.0.jar;")
                .contains("refused: starfish-job-savetemps-0.1.0.jar: job 'SaveTemps' of starfish-job-savetemps-0.1.0.jar"
                        + " is also declared by aaa-evil.jar;")
                .contains("refused: zzz-writable.jar: world-writable (mode 0666); fix with chmod go-w " + writable)
                .doesNotContain("WritableJob  ");

        AssembledDistribution.Run compile = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile",
                dist.example("mlp.hlo").toString());
        assertThat(compile.exitCode()).as("a configured job that cannot run stops the compile: %s", compile).isEqualTo(2);
        assertThat(compile.stderr()).contains("job SaveTemps of the pipeline in ").contains(" cannot run: its jars "
                + "aaa-evil.jar was refused: job 'SaveTemps' of aaa-evil.jar is also declared by "
                + "starfish-job-savetemps-0.1.0.jar");
        AssembledDistribution.Run named = dist.run(cwd, "--plugins-dir", plugins.toString(), "compile",
                dist.example("mlp.hlo").toString(), "--pipeline", "Frontend,SaveTemps");
        assertThat(named.exitCode()).as("a pipeline naming the refused job: %s", named).isEqualTo(2);
        assertThat(named.stderr()).contains("Unknown job 'SaveTemps' (its jars aaa-evil.jar and "
                + "starfish-job-savetemps-0.1.0.jar were refused");
        assertThat(marker).as("the impostor's code never ran").doesNotExist();
    }

    @Test
    void aJarReusingAnInstalledPluginIdIsRefusedInPluginsListNamingBothJars() throws IOException {
        Path plugins = shippedPluginsCopy();
        Path marker = markingJar(plugins, "savetemps", "TwinJob", "zz-twin.jar");

        AssembledDistribution.Run list = dist.run(cwd, "--plugins-dir", plugins.toString(), "plugins", "list");
        assertThat(list.exitCode()).as("%s", list).isZero();
        assertThat(list.stdout()).as("%s", list)
                .containsPattern("starfish-job-savetemps-0\\.1\\.0\\.jar +savetemps +0\\.1\\.0 +SaveTemps +loaded")
                .contains("refused: its Plugin-Id 'savetemps' is already the id of starfish-job-savetemps-0.1.0.jar "
                        + "(first in file-name order, kept); two plugins must not share the native cache directory an "
                        + "id names: remove starfish-job-savetemps-0.1.0.jar or zz-twin.jar, or give one its own "
                        + "Plugin-Id");
        AssembledDistribution.Run jobs = dist.run(cwd, "--plugins-dir", plugins.toString(), "jobs");
        assertThat(jobs.stdout()).as("%s", jobs).doesNotContain("TwinJob  ").contains("refused: zz-twin.jar: its "
                + "Plugin-Id 'savetemps'");
        assertThat(marker).as("the refused jar's code never ran").doesNotExist();
    }

    @Test
    void lockListsEveryJarAndAJarAddedOrChangedAfterwardsIsRefused() throws IOException {
        Path home = cwd.resolve("home");
        Files.createDirectories(home);
        for (String shared : new String[] {"lib", "libexec", "starfish", "bin", "examples"}) {
            Files.createSymbolicLink(home.resolve(shared), dist.home().resolve(shared));
        }
        Path conf = Files.createDirectories(home.resolve("conf"));
        try (var files = Files.list(dist.home().resolve("conf"))) {
            for (Path file : files.toList()) {
                Files.copy(file, conf.resolve(file.getFileName()));
            }
        }
        Files.move(shippedPluginsCopy(), home.resolve("plugins"));
        Map<String, String> env = Map.of("STARFISH_HOME", home.toString());

        AssembledDistribution.Run lock = dist.run(cwd, env, "plugins", "lock");
        assertThat(lock.exitCode()).as("%s", lock).isZero();
        assertThat(lock.stdout()).startsWith("wrote " + conf.resolve("plugins.lock") + ": 11 jar(s)");
        assertThat(Files.readAllLines(conf.resolve("plugins.lock"))).filteredOn(l -> !l.startsWith("#")).hasSize(11)
                .allSatisfy(l -> assertThat(l).matches("[0-9a-f]{64}  starfish-job-[a-z]+-0\\.1\\.0\\.jar"));

        new PluginJarBuilder(cwd, "late").job("fixture.late.LateJob", inProcessJob("fixture.late", "LateJob", ""))
                .buildInto(home.resolve("plugins"), "late.jar");
        Files.write(home.resolve("plugins/starfish-job-kelper-0.1.0.jar"), new byte[] {0},
                java.nio.file.StandardOpenOption.APPEND);
        AssembledDistribution.Run list = dist.run(cwd, env, "plugins", "list");
        assertThat(list.exitCode()).as("%s", list).isZero();
        assertThat(list.stdout()).as("%s", list)
                // reasons too long for the row follow the table as numbered notes (issue 24 #13)
                .containsPattern("late\\.jar +- +- +- +refused \\[\\d\\]\n")
                .containsPattern("\n\\[\\d\\] late\\.jar refused: not listed in " + conf.resolve("plugins.lock"))
                .containsPattern("starfish-job-kelper-0\\.1\\.0\\.jar +- +- +- +refused \\[\\d\\]\n")
                .containsPattern("\n\\[\\d\\] starfish-job-kelper-0\\.1\\.0\\.jar refused: its SHA-256 [0-9a-f]{64} "
                        + "differs from")
                .containsPattern("starfish-job-savetemps-0\\.1\\.0\\.jar +savetemps +0\\.1\\.0 +SaveTemps +loaded");

        Path open = home.resolve("plugins/late.jar");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-rw-rw-"));
        String before = Files.readString(conf.resolve("plugins.lock"));
        AssembledDistribution.Run refused = dist.run(cwd, env, "plugins", "lock");
        assertThat(refused.exitCode()).as("%s", refused).isEqualTo(1);
        assertThat(refused.stderr()).contains("starfish: error: not writing " + conf.resolve("plugins.lock")
                + ": late.jar: world-writable (mode 0666); fix with chmod go-w " + open);
        assertThat(conf.resolve("plugins.lock")).as("the old lock is left as it was").hasContent(before);
        assertThat(dist.run(cwd, env, "plugins").exitCode()).as("plugins without a subcommand").isEqualTo(2);

        Files.writeString(conf.resolve("plugins.lock"), "not a lock line\n");
        AssembledDistribution.Run malformed = dist.run(cwd, env, "jobs");
        assertThat(malformed.exitCode()).as("%s", malformed).isEqualTo(2);
        assertThat(malformed.stderr()).contains("starfish: error: " + conf.resolve("plugins.lock") + " line 1: expected "
                + "'<sha256 as 64 lower-case hex digits>  <file name or absolute path>.jar', found 'not a lock line'");
    }
}

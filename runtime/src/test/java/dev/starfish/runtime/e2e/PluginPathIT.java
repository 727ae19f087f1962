package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several plugin directories on the real distribution: the user's own
 * {@code $XDG_DATA_HOME/starfish/plugins} after the installation's, and {@code plugins.path} of
 * {@code conf/starfish.properties}; each directory vetted as the installation's is.
 */
class PluginPathIT {

    private static final String PIPELINE_WITH_MINE = "Frontend,MineJob,StaticIOTranspose,HLOToTensorizer,WalrusDriver,"
            + "BIRVerifier,XLAInferGoldens,Kelper,NeffWrapper,SaveTemps";

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    /** The environment of a user whose data directory is {@code cwd/data}. */
    private Map<String, String> user() {
        return Map.of("XDG_DATA_HOME", cwd.resolve("data").toString());
    }

    private Path userPlugins() throws IOException {
        Path dir = Files.createDirectories(cwd.resolve("data/starfish/plugins"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    /** A jar whose job {@code MineJob} writes the returned marker when it runs. */
    private Path mineJar(Path dir) {
        Path marker = cwd.resolve("mine-ran");
        String source = "package fixture.mine;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class MineJob extends InProcessJob {\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) {\n"
                + "    try { java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + marker + "\"), \"ran\"); }\n"
                + "    catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); }\n  }\n}\n";
        new PluginJarBuilder(cwd, "mine").job("fixture.mine.MineJob", source).buildInto(dir, "mine.jar");
        return marker;
    }

    @Test
    void aJobInTheUsersDirectoryIsListedWithItsDirectoryAndCompiles() throws IOException {
        Path user = userPlugins();
        Path marker = mineJar(user);
        Path jar = user.resolve("mine.jar");

        AssembledDistribution.Run jobs = shipped.run(cwd, user(), "jobs", "--wide");
        AssembledDistribution.Run list = shipped.run(cwd, user(), "plugins", "list");
        AssembledDistribution.Run doctor = shipped.run(cwd, user(), "doctor");
        AssembledDistribution.Run compile = shipped.run(cwd, user(), "compile", shipped.example("mlp.hlo").toString(),
                "--output", "out/model.neff", "--pipeline", PIPELINE_WITH_MINE);

        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stdout()).as("jobs --wide names the jar with its directory").containsPattern(
                "MineJob .* " + jar + "\n").contains(shipped.home().resolve("plugins/starfish-job-kelper-0.1.0.jar").toString());
        assertThat(list.exitCode()).as("%s", list).isZero();
        assertThat(list.stdout()).containsPattern(java.util.regex.Pattern.quote(jar.toString()) + " +mine +1\\.0\\.0 +MineJob +loaded")
                .contains(shipped.home().resolve("plugins/starfish-job-savetemps-0.1.0.jar") + "  ")
                .contains("Plugin directories, in order: " + shipped.home().resolve("plugins") + " (installation), "
                        + user + " (user).");
        assertThat(doctor.stdout()).as("%s", doctor).contains("OK    plugin dir    plugins (installation): 11 jars\n")
                .contains("OK    plugin dir    " + user + " (user): 1 jar\n");
        assertThat(compile.exitCode()).as("%s", compile).isZero();
        assertThat(marker).as("the user's job ran in the compile").hasContent("ran");
        assertThat(cwd.resolve("out/model.neff")).exists();
    }

    @Test
    void withoutTheUsersDirectoryNothingChanges() {
        AssembledDistribution.Run list = shipped.run(cwd, user(), "plugins", "list");
        assertThat(list.exitCode()).as("%s", list).isZero();
        assertThat(list.stdout()).contains("\nstarfish-job-savetemps-0.1.0.jar  ").doesNotContain("Plugin directories");
    }

    @Test
    void aJobDeclaredInTwoDirectoriesIsRefusedInBothNamingBothJarsWithTheirDirectories() throws IOException {
        Path user = userPlugins();
        Path site = shipped.home().resolve("plugins/starfish-job-savetemps-0.1.0.jar");
        Path copy = Files.copy(site, user.resolve("my-savetemps.jar"));

        AssembledDistribution.Run jobs = shipped.run(cwd, user(), "jobs");
        AssembledDistribution.Run doctor = shipped.run(cwd, user(), "doctor");
        AssembledDistribution.Run compile = shipped.run(cwd, user(), "compile", shipped.example("mlp.hlo").toString());

        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stdout()).as("%s", jobs)
                .contains("refused: " + site + ": job 'SaveTemps' of " + site + " is also declared by " + copy
                        + "; a job name must come from one jar only, so every jar declaring it is refused: remove the "
                        + "jar you do not trust\n")
                .contains("refused: " + copy + ": job 'SaveTemps' of " + copy + " is also declared by " + site + ";");
        assertThat(doctor.exitCode()).as("%s", doctor).isEqualTo(1);
        assertThat(doctor.stdout()).contains("FAIL  job names     job SaveTemps is declared by " + site + " and " + copy
                + ", so every one of them is refused; fix: remove the jar you do not trust\n");
        assertThat(compile.exitCode()).as("the configured pipeline cannot run SaveTemps: %s", compile).isEqualTo(2);
        assertThat(compile.stderr()).contains("job SaveTemps of the pipeline in ")
                .contains("its jars " + site + " was refused: job 'SaveTemps' of " + site)
                .contains("; " + copy + " was refused: job 'SaveTemps' of " + copy);
    }

    @Test
    void anUntrustedUserDirectoryOrJarIsRefusedAsTheInstallationsWouldBe() throws IOException {
        Path user = userPlugins();
        mineJar(user);
        Path link = Files.createSymbolicLink(user.resolve("linked.jar"),
                shipped.home().resolve("plugins/starfish-job-kelper-0.1.0.jar"));

        AssembledDistribution.Run linked = shipped.run(cwd, user(), "jobs");
        Files.setPosixFilePermissions(user, PosixFilePermissions.fromString("rwxrwxr-x"));
        AssembledDistribution.Run writable = shipped.run(cwd, user(), "jobs");

        assertThat(linked.exitCode()).as("%s", linked).isZero();
        assertThat(linked.stdout()).as("%s", linked).contains("MineJob").contains("refused: " + link
                + ": a symbolic link (to " + shipped.home().resolve("plugins/starfish-job-kelper-0.1.0.jar")
                + "); plugins must be regular files in the plugins directory");
        assertThat(writable.exitCode()).as("%s", writable).isZero();
        assertThat(writable.stdout()).as("%s", writable).doesNotContain("MineJob ").contains("Kelper")
                .contains("refused: " + user.resolve("mine.jar") + ": plugins directory " + user + " is group-writable "
                        + "(mode 0775), so others could add or replace plugins; fix with chmod go-w " + user + "\n");
    }

    @Test
    void pluginsDirReplacesTheWholePathTheUsersDirectoryToo() throws IOException {
        mineJar(userPlugins());
        Path only = Files.createDirectories(cwd.resolve("only"));
        AssembledDistribution.Run jobs = shipped.run(cwd, user(), "--plugins-dir", only.toString(), "jobs");
        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stdout()).doesNotContain("MineJob").doesNotContain("Kelper");
    }

    @Test
    void aConfiguredPathResolvesAgainstTheInstallationAndAMissingDirectoryOfItIsAnError() throws IOException {
        AssembledDistribution dist = shipped.copyTo(cwd.resolve("dist"));
        Path conf = dist.home().resolve("conf/starfish.properties");
        Files.writeString(conf, "\nplugins.path=plugins, site-plugins\n", StandardOpenOption.APPEND);
        Path elsewhere = Files.createDirectories(cwd.resolve("elsewhere"));

        AssembledDistribution.Run missing = dist.run(elsewhere, user(), "jobs");
        Path site = Files.createDirectories(dist.home().resolve("site-plugins"));
        mineJar(site);
        AssembledDistribution.Run found = dist.run(elsewhere, user(), "jobs");
        AssembledDistribution.Run lock = dist.run(elsewhere, user(), "plugins", "lock");
        String lockText = Files.readString(dist.home().resolve("conf/plugins.lock"));
        AssembledDistribution.Run locked = dist.run(elsewhere, user(), "jobs");
        Files.writeString(conf, "\nplugins.path=plugins,~/mine\n", StandardOpenOption.APPEND);
        AssembledDistribution.Run tilde = dist.run(elsewhere, user(), "jobs");

        assertThat(missing.exitCode()).as("%s", missing).isEqualTo(2);
        assertThat(missing.stderr()).isEqualTo("starfish: error: plugins directory " + dist.home().resolve("site-plugins")
                + " does not exist; check plugins.path in " + conf + "\n");
        assertThat(found.exitCode()).as("%s", found).isZero();
        assertThat(found.stdout()).contains("MineJob").contains("Kelper");
        assertThat(lock.exitCode()).as("%s", lock).isZero();
        assertThat(lock.stdout()).contains(" 12 jar(s) of " + dist.home().resolve("plugins") + ", " + site + "\n");
        assertThat(lockText).contains("  starfish-job-kelper-0.1.0.jar\n").contains("  " + site.resolve("mine.jar") + "\n");
        assertThat(locked.stdout()).as("%s", locked).contains("MineJob").doesNotContain("refused");
        assertThat(tilde.exitCode()).as("%s", tilde).isEqualTo(2);
        assertThat(tilde.stderr()).isEqualTo("starfish: error: " + conf + ": plugins.path expects directories separated "
                + "by commas (absolute, or relative to " + dist.home() + "), found 'plugins,~/mine': '~/mine' starts with "
                + "~, which is not expanded: write the directory's absolute path\n");
    }
}

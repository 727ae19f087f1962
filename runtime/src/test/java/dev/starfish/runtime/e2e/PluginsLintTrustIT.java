package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.runtime.registry.PluginJarBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code plugins lint} never runs code of a jar the registry would refuse, on the real distribution. */
class PluginsLintTrustIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void aWorldWritableJarIsReportedAndItsStaticInitialiserNeverRuns() throws IOException {
        Path marker = cwd.resolve("initialiser-ran");
        String job = "package fixture.lintmark;\nimport dev.starfish.api.*;\n"
                + "@org.pf4j.Extension @JobSpec(kind = JobKind.IN_PROCESS)\n"
                + "public class MarkJob extends InProcessJob {\n"
                + "  static { try { java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + marker + "\"), \"ran\"); }"
                + " catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); } }\n"
                + "  @Override protected void runOnState(JobState s, JobContext c) { }\n}\n";
        Path jar = new PluginJarBuilder(cwd, "lintmark").job("fixture.lintmark.MarkJob", job)
                .buildInto(Files.createDirectories(cwd.resolve("out")), "lintmark.jar");
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-rw-rw-"));

        AssembledDistribution.Run lint = dist.run(cwd, "plugins", "lint", jar.toString());

        assertThat(lint.exitCode()).as("%s", lint).isEqualTo(1);
        assertThat(lint.stdout()).as("%s", lint).isEqualTo(jar + ": error: world-writable (mode 0666); fix with "
                + "chmod go-w " + jar + " (the registry refuses such a jar, so lint runs none of its code: fix this and "
                + "lint again)\n");
        assertThat(marker).as("the job class's static initialiser never ran").doesNotExist();

        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r--r--"));
        AssembledDistribution.Run trusted = dist.run(cwd, "plugins", "lint", jar.toString());
        assertThat(trusted.exitCode()).as("%s", trusted).isZero();
        assertThat(marker).as("lint of the same jar, trusted, creates its job: the probe works").exists();
    }
}

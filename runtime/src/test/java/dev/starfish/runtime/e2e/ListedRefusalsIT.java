package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refused jar is said once (issue 24 #13): {@code jobs} and {@code plugins list} show it in their
 * output and print no warning about it as well; a compile, which lists nothing, still warns.
 */
class ListedRefusalsIT {

    @TempDir
    Path tmp;

    private AssembledDistribution dist;

    @BeforeEach
    void dropAWorldWritableJar() throws Exception {
        dist = AssembledDistribution.built().copyTo(tmp.resolve("dist"));
        Path jar = dist.home().resolve("plugins/zz-evil.jar");
        try (Stream<Path> jars = Files.list(dist.home().resolve("plugins"))) {
            Files.copy(jars.filter(p -> p.getFileName().toString().contains("kelper")).findFirst().orElseThrow(), jar);
        }
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-rw-rw-"));
    }

    @Test
    void theListingsShowTheRefusalOnceAndACompileStillWarns() throws Exception {
        Path cwd = Files.createDirectory(tmp.resolve("cwd"));
        AssembledDistribution.Run jobs = dist.run(cwd, "jobs");
        assertThat(jobs.exitCode()).as("%s", jobs).isZero();
        assertThat(jobs.stdout()).contains("refused: zz-evil.jar: world-writable");
        assertThat(jobs.stderr()).as("no second word about it").isEmpty();

        AssembledDistribution.Run list = dist.run(cwd, "plugins", "list");
        assertThat(list.exitCode()).as("%s", list).isZero();
        assertThat(list.stdout()).contains("zz-evil.jar").contains("refused: world-writable");
        assertThat(list.stderr()).isEmpty();

        AssembledDistribution.Run json = dist.run(cwd, "jobs", "--json");
        assertThat(json.stderr()).as("the JSON lists no refused jar: the warning does").contains("Refused zz-evil.jar");

        Path model = Files.copy(dist.example("mlp.hlo"), cwd.resolve("mlp.hlo"));
        AssembledDistribution.Run compile = dist.run(cwd, "compile", model.toString(), "--no-cache");
        assertThat(compile.exitCode()).as("%s", compile).isZero();
        assertThat(compile.stderr()).contains("Refused zz-evil.jar: world-writable");
    }
}

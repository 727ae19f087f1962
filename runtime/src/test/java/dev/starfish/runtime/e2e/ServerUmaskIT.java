package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files a command hands its user take their mode from the command's umask, not from the
 * server's process (which has the umask of whichever client started it): a miss, a cache hit and
 * the directories {@code -o} needs, under 077 in a server started under 022 and the other way round.
 */
class ServerUmaskIT {

    private final AssembledDistribution shipped = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @TempDir
    Path runtimeDir;

    @AfterEach
    void stopServer() throws Exception {
        underUmask("022", "server", "stop");
    }

    @Test
    void aCommandUnderUmask077InAServerStartedUnder022GetsPrivateFiles() throws Exception {
        Files.copy(shipped.example("mlp.hlo"), cwd.resolve("m.hlo"));
        assertThat(underUmask("022", "--version")).isZero();

        assertThat(underUmask("077", "compile", "m.hlo", "-o", "miss/deep/m.neff", "--workdir", "w1")).isZero();
        assertThat(underUmask("077", "compile", "m.hlo", "-o", "hit.neff", "--workdir", "w2")).isZero();

        assertThat(cwd.resolve("w2/log-starfish.txt")).content().contains("cache hit ");
        assertThat(mode("miss/deep/m.neff")).isEqualTo("rw-------");
        assertThat(mode("hit.neff")).isEqualTo("rw-------");
        assertThat(mode("miss")).isEqualTo("rwx------");
        assertThat(mode("miss/deep")).isEqualTo("rwx------");
    }

    @Test
    void aCommandUnderUmask022InAServerStartedUnder077GetsTheUsualModes() throws Exception {
        Files.copy(shipped.example("mlp.hlo"), cwd.resolve("m.hlo"));
        assertThat(underUmask("077", "--version")).isZero();

        assertThat(underUmask("022", "compile", "m.hlo", "-o", "out/m.neff", "--workdir", "w1")).isZero();
        assertThat(underUmask("022", "compile", "m.hlo", "-o", "hit.neff", "--workdir", "w2")).isZero();

        assertThat(mode("out/m.neff")).isEqualTo("rw-r--r--");
        assertThat(mode("hit.neff")).isEqualTo("rw-r--r--");
        assertThat(mode("out")).isEqualTo("rwxr-xr-x");
    }

    private String mode(String path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(cwd.resolve(path)));
    }

    private int underUmask(String umask, String... args) throws Exception {
        String[] command = new String[args.length + 4];
        command[0] = "sh";
        command[1] = "-c";
        command[2] = "umask " + umask + "; exec \"$0\" \"$@\"";
        command[3] = shipped.home().resolve("bin/starfish").toString();
        System.arraycopy(args, 0, command, 4, args.length);
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(cwd.resolve("out.txt").toFile());
        builder.environment().put("STARFISH_SERVER", "on");
        builder.environment().put("XDG_RUNTIME_DIR", runtimeDir.toString());
        builder.environment().put("STARFISH_CACHE_DIR", cwd.resolve("cache").toString());
        Process process = builder.start();
        assertThat(process.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("%s", Files.readString(cwd.resolve("out.txt"), StandardCharsets.UTF_8))
                .isZero();
        return process.exitValue();
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compile waiting for another compile's cache lock says whom it waits for, once, and waits no
 * longer than {@code cache.lock.wait.seconds}; a FIFO in place of the lock never blocks it. On a
 * copy of the real distribution whose bound is 0 s, so the tests wait for nothing.
 */
class CacheLockWaitIT {

    private static final Pattern KEY = Pattern.compile("# cache: (hit|miss) ([0-9a-f]{64})");

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    private AssembledDistribution boundedToZero() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path properties = copy.home().resolve("conf/starfish.properties");
        Files.writeString(properties, Files.readString(properties).replace("cache.lock.wait.seconds=600",
                "cache.lock.wait.seconds=0"));
        AssembledDistribution.Run first = copy.run(cwd, "compile", dist.example("fusion_call.hlo").toString());
        assertThat(first.exitCode()).as("a first compile makes the cache: %s", first).isZero();
        return copy;
    }

    /** The lock file the compile of {@code model} would take. */
    private Path lockOf(AssembledDistribution copy, String model) {
        AssembledDistribution.Run plan = copy.run(cwd, "compile", dist.example(model).toString(), "-###");
        Matcher key = KEY.matcher(plan.stdout());
        assertThat(key.find()).as("%s", plan).isTrue();
        return cwd.resolve(".cache/compile/locks/" + key.group(2) + ".lock");
    }

    @Test
    void aLockOfALivePidWithoutStartTimeIsNamedOnceAndTheCompileGoesOnAfterTheBound() throws IOException {
        AssembledDistribution copy = boundedToZero();
        Path lock = lockOf(copy, "mlp.hlo");
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).trim();
        long livePid = ProcessHandle.current().pid();
        Files.writeString(lock, "starfish-compile-cache-lock/1\nhost=" + host + "\npid=" + livePid + "\nstart=-1\n"
                + "nonce=00ff\n");

        AssembledDistribution.Run compile = copy.run(cwd, "compile", dist.example("mlp.hlo").toString());

        assertThat(compile.exitCode()).as("%s", compile).isZero();
        String waiting = "Waiting for pid " + livePid + " on " + host + " (start time not recorded), which holds the "
                + "compile cache lock of mlp.hlo";
        assertThat(compile.stderr()).as("%s", compile).contains(waiting)
                .contains("gave up after 0 s (cache.lock.wait.seconds) waiting for pid " + livePid + " on " + host)
                .contains("compiling without the lock");
        assertThat(compile.stderr().split(Pattern.quote(waiting), -1)).as("said once: %s", compile).hasSize(2);
        assertThat(cwd.resolve("mlp.neff")).exists();
        assertThat(lock).as("the live holder's lock is left alone").exists();
    }

    @Test
    void aFifoInPlaceOfTheLockIsRefusedAndTheCompileGoesOn() throws Exception {
        AssembledDistribution copy = boundedToZero();
        Path lock = lockOf(copy, "mlp_two_heads.hlo");
        Process mkfifo = new ProcessBuilder("mkfifo", lock.toString()).inheritIO().start();
        assertThat(mkfifo.waitFor()).isZero();

        AssembledDistribution.Run compile = copy.run(cwd, "compile", dist.example("mlp_two_heads.hlo").toString());

        assertThat(compile.exitCode()).as("%s", compile).isZero();
        assertThat(compile.stderr()).as("%s", compile).contains("the compile cache lock " + lock + " is a FIFO, socket "
                + "or device, not a regular file, so it is not opened; remove it; compiling without the lock");
        assertThat(cwd.resolve("mlp_two_heads.neff")).exists();
    }
}

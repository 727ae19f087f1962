package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a compile refuses before it reads its model or runs a job, on the real distribution: a
 * model past {@code model.max.bytes}, an output directory the user cannot write. The read-only
 * case runs the driver as {@code nobody} (through util-linux's {@code setpriv}), since root may
 * write into any directory whatever its mode.
 */
class CompileInputLimitsIT {

    private static final long TWO_GIB = 2L << 30;

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    @Test
    void aModelPastTheSizeLimitIsRefusedBeforeItIsReadWithExitTwo() throws IOException {
        Path model = cwd.resolve("huge.hlo");
        try (RandomAccessFile sparse = new RandomAccessFile(model.toFile(), "rw")) {
            sparse.setLength(TWO_GIB);
        }

        AssembledDistribution.Run compile = dist.run(cwd, "compile", model.toString());

        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(2);
        assertThat(compile.stderr()).as("%s", compile).isEqualTo("starfish: error: model " + model + " is 2.00 GiB "
                + "(2147483648 bytes), larger than the limit of 256.0 MiB (268435456 bytes) set by model.max.bytes; "
                + "raise model.max.bytes in conf/starfish.properties (0 = no limit) if the driver's heap can hold it\n");
        assertThat(cwd.resolve("huge.work")).as("nothing was run or written").doesNotExist();
        assertThat(cwd.resolve("huge.neff")).doesNotExist();
    }

    /** A launch directory {@code nobody} owns, with a directory {@code ro} only root may write. */
    private Path nobodysLaunchDirectory() throws IOException {
        Files.setPosixFilePermissions(cwd, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path launch = Files.createDirectories(cwd.resolve("launch"));
        Files.createDirectories(launch.resolve("ro"));
        Files.setOwner(launch, launch.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        return launch;
    }

    @Test
    void anOutputDirectoryTheUserCannotWriteIsRefusedBeforeTheFirstJobWithItsReason() throws Exception {
        Path launch = nobodysLaunchDirectory();
        Path ro = launch.resolve("ro");

        AssembledDistribution.Run existing = runAsNobody(launch, "compile", dist.example("mlp.hlo").toString(),
                "-o", "ro/model.neff");
        assertThat(existing.exitCode()).as("%s", existing).isEqualTo(2);
        assertThat(existing.stderr()).as("%s", existing).isEqualTo("starfish: error: output directory " + ro + " is not "
                + "writable by you (owner root, mode rwxr-xr-x); give --output a file in a directory you may write\n");
        assertThat(launch.resolve("mlp.work")).as("no job ran: %s", existing).doesNotExist();

        AssembledDistribution.Run missing = runAsNobody(launch, "compile", dist.example("mlp.hlo").toString(),
                "-o", "ro/sub/model.neff");
        assertThat(missing.exitCode()).as("%s", missing).isEqualTo(2);
        assertThat(missing.stderr()).as("%s", missing).isEqualTo("starfish: error: output directory " + ro.resolve("sub")
                + " does not exist and cannot be created: " + ro + " is not writable by you (owner root, mode "
                + "rwxr-xr-x); create it first or give --output a file in a directory you may write\n");

        Files.writeString(launch.resolve("file"), "not a directory");
        AssembledDistribution.Run notDirectory = runAsNobody(launch, "compile", dist.example("mlp.hlo").toString(),
                "-o", "file/model.neff");
        assertThat(notDirectory.exitCode()).as("%s", notDirectory).isEqualTo(2);
        assertThat(notDirectory.stderr()).as("%s", notDirectory).contains(launch.resolve("file") + " is not a directory");
        assertThat(launch.resolve("mlp.work")).as("no job ran").doesNotExist();

        AssembledDistribution.Run writable = runAsNobody(launch, "compile", dist.example("mlp.hlo").toString(),
                "-o", "out/model.neff");
        assertThat(writable.exitCode()).as("the same user compiles into a directory it may create: %s", writable)
                .isZero();
        assertThat(launch.resolve("out/model.neff")).exists();
    }

    private AssembledDistribution.Run runAsNobody(Path launch, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("setpriv", "--reuid=nobody", "--regid=nogroup",
                "--clear-groups", "--", dist.home().resolve("bin/starfish").toString()));
        command.addAll(List.of(args));
        Path out = cwd.resolve("nobody.stdout");
        Path err = cwd.resolve("nobody.stderr");
        ProcessBuilder pb = new ProcessBuilder(command).directory(launch.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().remove("STARFISH_HOME");
        pb.environment().put("HOME", launch.toString());
        pb.environment().put("STARFISH_CACHE_DIR", launch.resolve(".cache").toString());
        Process process = pb.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("starfish did not finish in 5 minutes");
        }
        return new AssembledDistribution.Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}

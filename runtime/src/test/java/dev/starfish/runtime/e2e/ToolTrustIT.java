package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool that another user could have planted or changed is refused before it runs, and doctor
 * fails for it, on a copy of the real distribution (the tests run as root: the impostor belongs
 * to {@code nobody}, or its directory is world-writable).
 */
class ToolTrustIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path cwd;

    /** A copy of the distribution whose {@code private/walrus_driver} records that it ran, then runs the real one. */
    private record Planted(AssembledDistribution copy, Path tool, Path marker) {
    }

    private Planted plantedWalrusDriver() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path marker = cwd.resolve("impostor-ran");
        Path tool = copy.home().resolve("starfish/bin/private/walrus_driver");
        Files.writeString(tool, "#!/bin/sh\ntouch '" + marker + "'\nexec '" + copy.home().resolve("starfish/bin/walrus_driver")
                + "' \"$@\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new Planted(copy, tool, marker);
    }

    private static void chownToNobody(Path file) throws IOException {
        UserPrincipal nobody = file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(file, nobody);
    }

    @Test
    void aToolOwnedByAnotherUserInPrivateIsRefusedAndDoctorFails() throws IOException {
        Planted planted = plantedWalrusDriver();
        chownToNobody(planted.tool());

        AssembledDistribution.Run compile = planted.copy().run(cwd, "compile", dist.example("mlp.hlo").toString());
        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(2);
        assertThat(compile.stderr()).as("%s", compile).contains("tool " + planted.tool() + " (owner nobody, uid 65534, "
                + "mode 0755) is refused: it is owned by neither the user running Starfish (uid 0) nor root; fix with "
                + "chown root " + planted.tool()).doesNotContain("\tat ");
        assertThat(planted.marker()).as("the impostor never ran").doesNotExist();

        AssembledDistribution.Run doctor = planted.copy().run(cwd, "doctor");
        assertThat(doctor.exitCode()).as("%s", doctor).isEqualTo(1);
        assertThat(doctor.stdout()).as("%s", doctor)
                .contains("FAIL  tool          tool " + planted.tool() + " (owner nobody, uid 65534, mode 0755) is "
                        + "refused: it is owned by neither the user running Starfish (uid 0) nor root; fix: chown root "
                        + planted.tool())
                .contains("FAIL  job tool      WalrusDriver: tool " + planted.tool() + " (owner nobody");
        assertThat(planted.marker()).as("doctor did not run it either").doesNotExist();
    }

    @Test
    void everyToolOfAWorldWritablePrivateDirectoryIsRefusedAndDoctorFails() throws IOException {
        Planted planted = plantedWalrusDriver();
        Path privateDir = planted.tool().getParent();
        Files.setPosixFilePermissions(privateDir, PosixFilePermissions.fromString("rwxr-xrwx"));

        AssembledDistribution.Run compile = planted.copy().run(cwd, "compile", dist.example("mlp.hlo").toString());
        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(2);
        assertThat(compile.stderr()).as("%s", compile).contains("tool " + planted.tool() + " is refused: its tool "
                + "directory " + privateDir + " (owner root, uid 0, mode 0757) is world-writable, so others could add "
                + "or replace tools; fix with chmod go-w " + privateDir);
        assertThat(planted.marker()).as("the tool never ran").doesNotExist();

        AssembledDistribution.Run doctor = planted.copy().run(cwd, "doctor");
        assertThat(doctor.exitCode()).as("%s", doctor).isEqualTo(1);
        assertThat(doctor.stdout()).as("%s", doctor).contains("FAIL  tools         tool directory " + privateDir
                + " (owner root, uid 0, mode 0757) is world-writable, so others could add or replace tools; fix: "
                + "chmod go-w " + privateDir);
    }

    @Test
    void aWorldWritableShippedToolIsRefusedAndDoctorFails() throws IOException {
        AssembledDistribution copy = dist.copyTo(cwd.resolve("dist"));
        Path tool = copy.home().resolve("starfish/bin/hlo2penguin");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xrwx"));

        AssembledDistribution.Run compile = copy.run(cwd, "compile", dist.example("mlp.hlo").toString());
        assertThat(compile.exitCode()).as("%s", compile).isEqualTo(2);
        assertThat(compile.stderr()).as("%s", compile).contains("tool " + tool + " (owner root, uid 0, mode 0757) is "
                + "refused: it is world-writable, so others could replace it; fix with chmod go-w " + tool);

        AssembledDistribution.Run doctor = copy.run(cwd, "doctor");
        assertThat(doctor.exitCode()).as("%s", doctor).isEqualTo(1);
        assertThat(doctor.stdout()).as("%s", doctor).contains("FAIL  tool          tool " + tool + " (owner root, uid 0, "
                + "mode 0757) is refused: it is world-writable, so others could replace it; fix: chmod go-w " + tool);
    }
}

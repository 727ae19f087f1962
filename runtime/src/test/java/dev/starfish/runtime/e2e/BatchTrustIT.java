package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code starfish batch} facing other users and odd names, through {@code bin/starfish}: the
 * Slurm batch directory is private and fresh, {@code sbatch}'s chatter cannot stall the
 * submitter, a model path with a newline stays one model, a report never lands on a file of the
 * batch, and a directory walk neither follows another user's link nor publishes a private model.
 * Slurm is {@link FakeSlurm}: the real task script, run at once by a stand-in {@code sbatch}.
 */
class BatchTrustIT {

    @TempDir
    Path tmp;

    private AssembledDistribution dist;
    private Path cwd;
    private FakeSlurm slurm;

    @BeforeEach
    void models() throws IOException {
        dist = AssembledDistribution.built();
        cwd = Files.createDirectories(tmp.resolve("cwd"));
        Files.copy(dist.example("mlp.hlo"), cwd.resolve("m.hlo"));
        slurm = FakeSlurm.in(Files.createDirectories(tmp.resolve("slurm")));
    }

    @Test
    void eachSlurmBatchGetsAFreshPrivateBatchDirectory() throws IOException {
        for (int i = 0; i < 2; i++) {
            AssembledDistribution.Run run = dist.run(cwd, slurm.env(), "batch", "--executor", "slurm", "m.hlo",
                    "--output-dir", "out");
            assertThat(run.exitCode()).as("%s", run).isZero();
        }
        List<Path> dirs = batchDirectories(cwd.resolve("out"));
        assertThat(dirs).as("one new directory per batch, none reused").hasSize(2);
        for (Path dir : dirs) {
            assertThat(Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS)).as("mode of %s", dir)
                    .isEqualTo(PosixFilePermissions.fromString("rwx------"));
            assertThat(dir.getFileName().toString()).as("a random 64-bit part nobody can guess, not a pid (7 digits at most)")
                    .matches("starfish-batch-\\d{8}-\\d{6}-\\d{10,}");
        }
    }

    @Test
    void sbatchWritingAMegabyteToStderrDoesNotStallTheSubmitter() {
        Map<String, String> env = new HashMap<>(slurm.env());
        env.put("FAKE_SBATCH_STDERR_BYTES", String.valueOf(1 << 20));
        AssembledDistribution.Run run = dist.run(cwd, env, "batch", "--executor", "slurm", "m.hlo");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stdout()).contains("Submitted 1 models as Slurm job array " + FakeSlurm.JOB_ID);
    }

    @Test
    void aRefusingSbatchsMegabyteOfStderrBecomesOneShortLine() throws IOException {
        Map<String, String> env = new HashMap<>(slurm.env());
        env.put("FAKE_SBATCH_STDERR_BYTES", String.valueOf(1 << 20));
        env.put("FAKE_SBATCH_EXIT", "1");
        AssembledDistribution.Run run = dist.run(cwd, env, "batch", "--executor", "slurm", "m.hlo");
        assertThat(run.exitCode()).as("%s", run.exitCode()).isEqualTo(1);
        assertThat(run.stderr().lines()).as("one line").hasSize(1);
        assertThat(run.stderr()).contains("sbatch refused the batch (exit 1): eeee").hasSizeLessThan(1000);
        assertThat(batchDirectories(cwd)).as("the unsubmitted batch directory is removed").isEmpty();
    }

    @Test
    void aModelPathWithANewlineStaysOneModelOfItsSlurmTask() throws IOException {
        Path odd = Files.createDirectories(cwd.resolve("two\nlines"));
        Files.copy(dist.example("mlp.hlo"), odd.resolve("n.hlo"));
        AssembledDistribution.Run run = dist.run(cwd, slurm.env(), "batch", "--executor", "slurm", "--slurm-tasks", "1",
                "m.hlo", "two\nlines/n.hlo");
        assertThat(run.exitCode()).as("%s", run).isZero();
        JsonNode report = new ObjectMapper().readTree(cwd.resolve("batch-report.json").toFile());
        assertThat(report.path("counts").path("ok").asInt()).as("%s", report).isEqualTo(2);
        assertThat(odd.resolve("n.neff")).isRegularFile();
    }

    @Test
    void aReportThatIsAModelOrAnOutputOrAWorkDirectoryOrALogIsRefusedBeforeAnythingRuns() throws IOException {
        Path model = cwd.resolve("m.hlo");
        byte[] before = Files.readAllBytes(model);
        Files.createSymbolicLink(cwd.resolve("link.json"), model);
        Map<String, String> clashes = Map.of("m.hlo", "the model " + model, "sub/../m.hlo", "the model " + model,
                "link.json", "the model " + model, "m.neff", "the output " + cwd.resolve("m.neff") + " of model " + model,
                "m.work", "the work directory " + cwd.resolve("m.work") + " of model " + model,
                "m.work/log-starfish.txt", "the log " + cwd.resolve("m.work/log-starfish.txt") + " of model " + model);
        Files.createDirectories(cwd.resolve("sub"));
        for (Map.Entry<String, String> clash : clashes.entrySet()) {
            AssembledDistribution.Run run = dist.run(cwd, "batch", "m.hlo", "--report", clash.getKey());
            assertThat(run.exitCode()).as("--report %s: %s", clash.getKey(), run).isEqualTo(2);
            assertThat(run.stderr()).as("--report %s", clash.getKey()).isEqualTo("starfish: error: the report "
                    + cwd.resolve(clash.getKey()).normalize() + " would overwrite " + clash.getValue() + "; give --report a file outside the batch's models, outputs and work "
                    + "directories\n");
        }
        assertThat(Files.readAllBytes(model)).isEqualTo(before);
        assertThat(cwd.resolve("m.neff")).doesNotExist();
        assertThat(cwd.resolve("m.work")).doesNotExist();
    }

    @Test
    void aDirectoryWalkSkipsAnotherUsersLinkAndCompilesTheRest() throws IOException {
        Path secret = Files.copy(dist.example("mlp.hlo"), Files.createDirectories(tmp.resolve("private")).resolve("s.hlo"));
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        Path shared = Files.createDirectories(cwd.resolve("shared"));
        Files.copy(dist.example("mlp.hlo"), shared.resolve("a.hlo"));
        Path link = Files.createSymbolicLink(shared.resolve("secret.hlo"), secret);
        UserPrincipal nobody = link.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.getFileAttributeView(link, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setOwner(nobody);
        AssembledDistribution.Run run = dist.run(cwd, "batch", "shared");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.stdout()).contains("Batch of 1 model: 1 ok");
        assertThat(run.stderr()).contains("skipped the symbolic link " + link + " (owned by nobody, not by you)");
        assertThat(shared.resolve("secret.neff")).as("no compiled copy of another user's link target").doesNotExist();
        assertThat(shared.resolve("secret.work")).doesNotExist();
        assertThat(shared.resolve("a.neff")).isRegularFile();
    }

    @Test
    void anOutputIsNeverMoreReadableThanItsModel() throws IOException {
        Path model = cwd.resolve("m.hlo");
        Files.setPosixFilePermissions(model, PosixFilePermissions.fromString("rw-------"));
        AssembledDistribution.Run run = dist.run(cwd, "batch", "m.hlo");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(Files.getPosixFilePermissions(cwd.resolve("m.neff"))).as("the output of a private model")
                .doesNotContain(PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
        assertThat(Files.getPosixFilePermissions(cwd.resolve("m.work"))).as("its work directory")
                .doesNotContain(PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE,
                        PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
    }

    private static List<Path> batchDirectories(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return new ArrayList<>(files.filter(p -> p.getFileName().toString().startsWith("starfish-batch-")).toList());
        }
    }
}

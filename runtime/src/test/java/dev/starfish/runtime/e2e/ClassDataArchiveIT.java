package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * The class-data-sharing archive {@code lib/starfish.jsa}: the packaged driver starts from it, and
 * an archive that does not fit — made for another place, truncated, rewritten — is passed over
 * silently: the driver runs as without one and prints nothing more.
 */
class ClassDataArchiveIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path tmp;

    private static Map<String, String> classLog(Path file) {
        return Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + file);
    }

    private static boolean fromArchive(Path classLog) throws IOException {
        return Files.readAllLines(classLog).stream()
                .anyMatch(l -> l.contains("dev.starfish.runtime.cli.StarfishCli source: shared objects file"));
    }

    @Test
    void thePackagedDriverStartsFromItsArchive() throws IOException {
        assertThat(dist.home().resolve("lib/starfish.jsa")).isRegularFile();
        assertThat(dist.home().resolve("lib/starfish.jsa.key")).isRegularFile();
        Path log = tmp.resolve("classes.txt");
        AssembledDistribution.Run run = dist.run(tmp, classLog(log), "--version");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(fromArchive(log)).as("StarfishCli came from the archive").isTrue();
    }

    private static boolean fromArchive(Path classLog, String className) throws IOException {
        return Files.readAllLines(classLog).stream().anyMatch(l -> l.endsWith(" " + className + " source: shared objects file"));
    }

    private static boolean fromJar(Path classLog, String className, Path jar) throws IOException {
        return Files.readAllLines(classLog).stream().anyMatch(l -> l.endsWith(" " + className + " source: file:" + jar));
    }

    @Test
    void aCompileTakesThePluginsClassesFromTheArchiveAndAPluginChangedSinceItsOwn() throws Exception {
        Path log = tmp.resolve("classes.txt");
        AssembledDistribution.Run packaged = dist.run(tmp, classLog(log), "compile", dist.example("mlp.hlo").toString(),
                "--no-cache", "--keep-temps", "--workdir", "packaged.work", "-o", "packaged.neff");
        assertThat(packaged.exitCode()).as(packaged.toString()).isZero();
        assertThat(fromArchive(log, "dev.starfish.jobs.frontend.Frontend")).as("a plugin's own class").isTrue();
        assertThat(fromArchive(log, "dev.starfish.jobs.frontend.TensorMap")).isTrue();
        assertThat(fromArchive(log, "com.fasterxml.jackson.core.JsonFactory"))
                .as("the host's Jackson, and the first plugin's bundled copy of it").isTrue();

        // The same plugin rebuilt: Frontend's bytes differ (one more field), so its loader must define them itself.
        AssembledDistribution copy = dist.copyTo(tmp.resolve("rebuilt"));
        assertThat(remakeArchive(copy)).isZero();
        Path jar = copy.home().resolve("plugins/starfish-job-frontend-0.1.0.jar");
        addFieldTo(jar, "dev/starfish/jobs/frontend/Frontend");
        AssembledDistribution.Run rebuilt = copy.run(tmp, classLog(log), "compile", dist.example("mlp.hlo").toString(),
                "--no-cache", "--keep-temps", "--workdir", "rebuilt.work", "-o", "rebuilt.neff");
        assertThat(rebuilt.exitCode()).as(rebuilt.toString()).isZero();
        assertThat(rebuilt.stderr()).isEmpty();
        assertThat(fromJar(log, "dev.starfish.jobs.frontend.Frontend", jar)).as("the changed class, from its jar").isTrue();
        assertThat(fromArchive(log, "dev.starfish.jobs.frontend.TensorMap")).as("its unchanged classes, archived").isTrue();
        assertThat(Files.readAllBytes(tmp.resolve("rebuilt.work/tensor_map.json")))
                .isEqualTo(Files.readAllBytes(tmp.resolve("packaged.work/tensor_map.json")));
    }

    @Test
    void aClassLoadLogThatCannotBeReadLeavesAnArchiveOfTheDriverAloneAndOneWarning() throws Exception {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("copy"));
        Path list = Files.writeString(tmp.resolve("builtin.classlist"), "java/lang/Object\njava/lang/String\n");
        ProcessBuilder dump = new ProcessBuilder(copy.home().resolve("bin/starfish").toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("dump.txt").toFile());
        dump.environment().put("STARFISH_CDS", "dump=" + list);
        dump.environment().put("STARFISH_CDS_CLASS_LOG", tmp.resolve("no-such-log.txt").toString());
        Process process = dump.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String output = Files.readString(tmp.resolve("dump.txt"));

        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("starfish-cds: cannot list the plugins' classes: java.nio.file.NoSuchFileException: "
                + tmp.resolve("no-such-log.txt"))
                .contains("starfish: warning: the plugins' classes could not be added to")
                .doesNotContain("\tat ");
        assertThat(copy.home().resolve("lib/starfish.jsa.key")).isRegularFile();
        AssembledDistribution.Run version = copy.run(tmp, "--version");
        assertThat(version.exitCode()).as(version.toString()).isZero();
        assertThat(version.stderr()).isEmpty();
    }

    private int remakeArchive(AssembledDistribution copy) throws Exception {
        Process remake = new ProcessBuilder(copy.home().resolve("bin/starfish-cds").toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("cds.txt").toFile()).start();
        assertThat(remake.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String output = Files.readString(tmp.resolve("cds.txt"));
        assertThat(output).as("the plugins' classes are in it").containsPattern("and [1-9][0-9]* of the plugins'");
        assertThat(output).doesNotContain("warning");
        return remake.exitValue();
    }

    /** Rewrites {@code className} in {@code jar} in place with one more private field: same name, other bytes. */
    private static void addFieldTo(Path jar, String className) throws IOException {
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".new");
        try (JarInputStream in = new JarInputStream(Files.newInputStream(jar));
                JarOutputStream out = new JarOutputStream(Files.newOutputStream(rewritten), in.getManifest())) {
            for (JarEntry entry = in.getNextJarEntry(); entry != null; entry = in.getNextJarEntry()) {
                byte[] bytes = in.readAllBytes();
                if (entry.getName().equals(className + ".class")) {
                    ClassWriter writer = new ClassWriter(0);
                    new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9, writer) {
                        @Override
                        public void visitEnd() {
                            super.visitField(Opcodes.ACC_PRIVATE, "rebuilt", "I", null, null).visitEnd();
                            super.visitEnd();
                        }
                    }, 0);
                    bytes = writer.toByteArray();
                }
                out.putNextEntry(new JarEntry(entry.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
        Files.write(jar, Files.readAllBytes(rewritten));
        Files.delete(rewritten);
    }

    @Test
    void anArchiveThatDoesNotFitIsPassedOverSilently() throws Exception {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("moved"));
        Path log = tmp.resolve("classes.txt");
        AssembledDistribution.Run moved = copy.run(tmp, classLog(log), "jobs");
        assertThat(moved.exitCode()).as(moved.toString()).isZero();
        assertThat(moved.stderr()).as("an archive made for another place: no message").isEmpty();
        assertThat(fromArchive(log)).as("not used after a move").isFalse();

        Process remake = new ProcessBuilder(copy.home().resolve("bin/starfish-cds").toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("cds.txt").toFile()).start();
        assertThat(remake.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(remake.exitValue()).as(Files.readString(tmp.resolve("cds.txt"))).isZero();
        assertThat(copy.run(tmp, classLog(log), "--version").exitCode()).isZero();
        assertThat(fromArchive(log)).as("remade by bin/starfish-cds for the new place, used again").isTrue();

        Path archive = copy.home().resolve("lib/starfish.jsa");
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.WRITE)) {
            channel.truncate(100_000);
        }
        AssembledDistribution.Run truncated = copy.run(tmp, classLog(log), "jobs");
        assertThat(truncated.exitCode()).as("a truncated archive would crash HotSpot if mapped: " + truncated).isZero();
        assertThat(truncated.stderr()).isEmpty();
        assertThat(truncated.stdout()).contains("Frontend");
        assertThat(fromArchive(log)).isFalse();

        Files.writeString(archive, "not an archive");
        AssembledDistribution.Run garbage = copy.run(tmp, "--version");
        assertThat(garbage.exitCode()).as(garbage.toString()).isZero();
        assertThat(garbage.stderr()).isEmpty();
        assertThat(garbage.stdout()).startsWith("starfish ");
    }
    /**
     * Bytes flipped through the middle of the archive (64 KiB in each tenth) under the same size and time (HotSpot fails to
     * start or crashes mapping it): the inode's change time moved, so the checksum is compared and
     * the archive left out with one warning; doctor fails it naming the checksums. An archive whose
     * change time moved without its bytes (a chmod) is still used, silently.
     */
    @Test
    void anArchiveChangedInPlaceUnderTheSameSizeAndTimeIsLeftOutWithOneWarningAndDoctorFailsIt() throws Exception {
        AssembledDistribution copy = dist.copyTo(tmp.resolve("damaged"));
        assertThat(remakeArchive(copy)).isZero();
        Path archive = copy.home().resolve("lib/starfish.jsa");
        Path log = tmp.resolve("classes.txt");
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("r--r-----"));
        AssembledDistribution.Run chmodded = copy.run(tmp, classLog(log), "--version");
        assertThat(chmodded.stderr()).as("%s", chmodded).isEmpty();
        assertThat(fromArchive(log)).as("same bytes, only the change time moved: used").isTrue();

        FileTime time = Files.getLastModifiedTime(archive);
        long size = Files.size(archive);
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("rw-r--r--"));
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            for (int tenth = 0; tenth < 10; tenth++) {
                long at = size * (2 * tenth + 1) / 20;
                ByteBuffer block = ByteBuffer.allocate(64 * 1024);
                channel.read(block, at);
                for (int i = 0; i < block.limit(); i++) {
                    block.put(i, (byte) ~block.get(i));
                }
                block.rewind();
                channel.write(block, at);
            }
        }
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("r--r--r--"));
        Files.setLastModifiedTime(archive, time);
        assertThat(Files.size(archive)).isEqualTo(size);

        String warning = "starfish: warning: the class-data archive " + archive + " was changed in place since "
                + "bin/starfish-cds made it (its checksum differs; size and time are as made): starting without it, "
                + "which is slower; run bin/starfish-cds to remake it\n";
        AssembledDistribution.Run version = copy.run(tmp, classLog(log), "--version");
        assertThat(version.exitCode()).as("%s", version).isZero();
        assertThat(version.stderr()).isEqualTo(warning);
        assertThat(fromArchive(log)).isFalse();
        AssembledDistribution.Run compile = copy.run(tmp, "compile", copy.example("mlp.hlo").toString(), "-q");
        assertThat(compile.exitCode()).as("%s", compile).isZero();
        assertThat(compile.stderr()).isEqualTo(warning);

        AssembledDistribution.Run doctor = copy.run(tmp, "doctor");
        assertThat(doctor.exitCode()).as("%s", doctor).isEqualTo(1);
        assertThat(doctor.stdout()).containsPattern("FAIL  cds archive   lib/starfish\\.jsa was changed in place since "
                + "bin/starfish-cds made it \\(checksum \\d+ " + size + ", made with \\d+ " + size + "; .*; fix: run "
                + "bin/starfish-cds to remake it");
    }
}

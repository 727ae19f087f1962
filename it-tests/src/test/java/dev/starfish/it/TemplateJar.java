package dev.starfish.it;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The distribution's job template ({@code sdk/job-template}) built on the host the way an author
 * does after Starfish's {@code mvn install}: copied out of the distribution into {@code scratch}
 * and built by a child {@code mvn -o -q package}. Like the runtime's {@code SdkTemplateIT}, the
 * build resolves offline from a private local repository: every entry of the user's repository
 * linked in, with {@code dev/starfish} holding what {@code install} publishes of the
 * plugin API (the distribution's jar, the source tree's POM and the parent POM it names).
 */
final class TemplateJar {

    /** The jar the template builds, as {@code docs/writing-a-job.md} names it. */
    static final String JAR = "example-jobs-1.0.0.jar";

    private TemplateJar() {
    }

    /** Builds the template in {@code scratch} and returns the plugin jar. */
    static Path build(Path scratch) throws IOException, InterruptedException {
        Path project = scratch.resolve("my-jobs");
        Path repository = authorRepository(scratch.resolve("m2"));
        run(scratch, scratch.resolve("cp.log"), "cp", "-r", BuildOutputs.home().resolve("sdk/job-template").toString(),
                project.toString());
        run(project, scratch.resolve("mvn.log"), "mvn", "-o", "-q", "package", "-Dmaven.repo.local=" + repository);
        Path jar = project.resolve("target").resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the template's build made no " + jar);
        }
        return jar;
    }

    /**
     * A plugin of the author's own made from the template in {@code scratch}: the template's
     * jobs, tests and bundled tool replaced by {@code sources} (path under {@code src/main/java}
     * to Java text), its {@code artifactId} and {@code Plugin-Id} by {@code id}. Returns the jar,
     * {@code <id>-1.0.0.jar}.
     */
    static Path buildOwn(Path scratch, String id, Map<String, String> sources) throws IOException, InterruptedException {
        Path project = scratch.resolve(id);
        Path repository = authorRepository(scratch.resolve("m2-" + id));
        run(scratch, scratch.resolve(id + "-cp.log"), "cp", "-r",
                BuildOutputs.home().resolve("sdk/job-template").toString(), project.toString());
        for (String dir : List.of("src/main/java", "src/test", "src/main/resources")) {
            run(project, scratch.resolve(id + "-rm.log"), "rm", "-r", dir);
        }
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = project.resolve("src/main/java").resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
        }
        Path pom = project.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom, UTF_8)
                .replace("<artifactId>example-jobs</artifactId>", "<artifactId>" + id + "</artifactId>")
                .replace("<plugin.id>example-jobs</plugin.id>", "<plugin.id>" + id + "</plugin.id>"));
        run(project, scratch.resolve(id + "-mvn.log"), "mvn", "-o", "-q", "package", "-Dmaven.repo.local=" + repository);
        Path jar = project.resolve("target").resolve(id + "-1.0.0.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the build of " + id + " made no " + jar);
        }
        return jar;
    }

    /** Runs one step of the author's build in {@code dir}; a failure shows the step's output. */
    private static void run(Path dir, Path log, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException("`" + String.join(" ", command) + "` in " + dir + " failed (exit "
                    + process.exitValue() + "); the template builds offline once `mvn -DskipTests install` has run:\n"
                    + Files.readString(log, UTF_8));
        }
    }

    private static Path authorRepository(Path dir) throws IOException {
        linkAllBut(BuildOutputs.userRepository(), Files.createDirectories(dir), Path.of("dev/starfish"));
        Path starfish = Files.createDirectories(dir.resolve("dev/starfish"));
        Path apiJar;
        try (Stream<Path> lib = Files.list(BuildOutputs.home().resolve("lib"))) {
            apiJar = lib.filter(p -> p.getFileName().toString().matches("starfish-plugin-api-.+\\.jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no starfish-plugin-api-*.jar in the distribution"));
        }
        String version = apiJar.getFileName().toString().replaceAll("^starfish-plugin-api-|\\.jar$", "");
        publish(apiJar, starfish, "starfish-plugin-api", version, ".jar");
        Path sources = BuildOutputs.sourceRoot();
        publish(sources.resolve("plugin-api/pom.xml"), starfish, "starfish-plugin-api", version, ".pom");
        publish(sources.resolve("pom.xml"), starfish, "starfish-parent", version, ".pom");
        return dir;
    }

    /** Copies {@code file} to {@code <group>/<artifact>/<version>/<artifact>-<version><extension>}. */
    private static void publish(Path file, Path group, String artifact, String version, String extension)
            throws IOException {
        Path folder = Files.createDirectories(group.resolve(artifact).resolve(version));
        Files.copy(file, folder.resolve(artifact + "-" + version + extension));
    }

    /**
     * Links every entry of {@code from} into {@code to}, except along {@code except}: its first
     * name becomes a real directory, filled the same way with the rest of the path; its last is left out.
     */
    private static void linkAllBut(Path from, Path to, Path except) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        String kept = except.getName(0).toString();
        try (Stream<Path> entries = Files.list(from)) {
            for (Path entry : entries.toList()) {
                String name = entry.getFileName().toString();
                if (!name.equals(kept)) {
                    Files.createSymbolicLink(to.resolve(name), entry);
                } else if (except.getNameCount() > 1) {
                    Path rest = except.subpath(1, except.getNameCount());
                    linkAllBut(entry, Files.createDirectories(to.resolve(name)), rest);
                }
            }
        }
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.starfish.api.PluginApi;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The authoring kit end to end, as an author outside this repository uses it: copy the
 * distribution's {@code sdk/job-template}, build it with {@code mvn -o -q package}, lint the jar,
 * drop it into a copy of the distribution and compile with its two jobs in the pipeline.
 */
class SdkTemplateIT {

    private final AssembledDistribution dist = AssembledDistribution.built();

    @TempDir
    Path tmp;

    @Test
    void theTemplateBuildsOfflineLintsCleanAndItsJobsRunInACompile() throws IOException, InterruptedException {
        assertThat(dist.home().resolve("sdk/writing-a-job.md")).as("the walk-through ships with the template")
                .isRegularFile();
        Path project = builtTemplate();
        Path jar = project.resolve("target/example-jobs-1.0.0.jar");
        assertThat(jar).as("the plugin jar the template builds").isRegularFile();
        try (Stream<Path> jars = Files.list(project.resolve("target"))) {
            assertThat(jars.filter(p -> p.toString().endsWith(".jar")).map(p -> p.getFileName().toString()))
                    .as("no second jar an operator could drop in (shade's unshaded original-*.jar is deleted)")
                    .containsExactly("example-jobs-1.0.0.jar");
        }

        try (JarFile built = new JarFile(jar.toFile())) {
            assertThat(built.getEntry(PluginApi.JOB_INDEX)).as("the build wrote the job index").isNotNull();
            assertThat(new String(built.getInputStream(built.getEntry(PluginApi.JOB_INDEX)).readAllBytes(),
                    StandardCharsets.UTF_8)).contains("{\"class\": \"com.example.starfish.ExampleSummary\"");
        }

        AssembledDistribution copy = dist.copyTo(tmp.resolve("starfish"));
        AssembledDistribution.Run lint = copy.run(tmp, "plugins", "lint", jar.toString());
        assertThat(lint.exitCode()).as("the template's jar lints clean: %s", lint).isZero();
        assertThat(lint.stdout()).isEqualTo(jar + ": ok\n");

        Files.copy(jar, copy.home().resolve("plugins").resolve(jar.getFileName()));
        AssembledDistribution.Run compile = copy.run(tmp, "compile", copy.example("mlp_two_heads.hlo").toString(),
                "--pipeline", "Frontend,ExampleSummary,ExampleStamp", "--example-greeting", "hi there");
        assertThat(compile.exitCode()).as("a compile running the template's jobs: %s", compile).isZero();

        Path work = tmp.resolve("mlp_two_heads.work");
        assertThat(Files.readString(work.resolve("example_summary.json"))).as("ExampleSummary ran with its option")
                .isEqualTo("{\"greeting\":\"hi there\",\"model\":\"mlp_two_heads.hlo\",\"subgraphs\":[\"sg00\",\"sg01\"]}\n");
        for (String sg : new String[] {"sg00", "sg01"}) {
            assertThat(Files.readString(work.resolve(sg).resolve("example_stamp.txt")))
                    .as("ExampleStamp ran its bundled tool in %s", sg).isEqualTo("stamped " + sg + "\n");
            assertThat(work.resolve(sg).resolve("replay_ExampleStamp_" + sg + ".sh")).as("through the launcher")
                    .isRegularFile();
        }
        String log = Files.readString(work.resolve("log-starfish.txt"), StandardCharsets.UTF_8);
        assertThat(log).as("the jobs' own log lines").contains("ExampleSummary wrote " + work.resolve("example_summary.json"))
                .contains("example_stamp: stamped sg00").contains("example_stamp: stamped sg01");
    }

    @Test
    void theUnshadedJarLintRefusesIsTheJarThatFailsWithNoClassDefFoundErrorWhenDroppedIn()
            throws IOException, InterruptedException {
        Path project = builtTemplate();
        // what maven-shade-plugin used to leave as target/original-example-jobs-1.0.0.jar: the jar plugin's
        // own jar of target/classes, without the Jackson the shaded jar bundles
        mvn(project, "jar:jar", "-Dmaven.jar.forceCreation=true");
        Path unshaded = Files.move(project.resolve("target/example-jobs-1.0.0.jar"),
                project.resolve("target/original-example-jobs-1.0.0.jar"));

        AssembledDistribution copy = dist.copyTo(tmp.resolve("starfish"));
        AssembledDistribution.Run lint = copy.run(tmp, "plugins", "lint", unshaded.toString());
        assertThat(lint.exitCode()).as("lint refuses the unshaded jar: %s", lint).isEqualTo(1);
        assertThat(lint.stdout()).as("%s", lint).startsWith(unshaded + ": error: job ExampleSummary needs class "
                + "com.fasterxml.jackson.databind.ObjectMapper (first referred to by com.example.starfish.ExampleSummary)"
                + ", which neither the jar, the host-shared packages").contains("so running the job fails with "
                + "NoClassDefFoundError: com/fasterxml/jackson/databind/ObjectMapper: bundle it (lint the shaded jar "
                + "mvn package writes, never target/original-*.jar)");

        Files.copy(unshaded, copy.home().resolve("plugins").resolve(unshaded.getFileName()));
        AssembledDistribution.Run compile = copy.run(tmp, "compile", copy.example("mlp_two_heads.hlo").toString(),
                "--pipeline", "Frontend,ExampleSummary");
        assertThat(compile.exitCode()).as("a compile running the dropped-in unshaded jar's job: %s", compile)
                .isEqualTo(1);
        assertThat(compile.stderr()).as("it fails as lint said: %s", compile)
                .contains("NoClassDefFoundError: com/fasterxml/jackson/databind/ObjectMapper");
    }

    /** A copy of the distribution's template, built with {@code mvn -o -q package} as an author does. */
    private Path builtTemplate() throws IOException, InterruptedException {
        Path project = tmp.resolve("author/example-jobs");
        copyTree(dist.home().resolve("sdk/job-template"), project);
        mvn(project, "package");
        return project;
    }

    private void mvn(Path project, String... goals) throws IOException, InterruptedException {
        Path repository = tmp.resolve("m2");
        if (!Files.isDirectory(repository)) {
            AuthorRepository.create(repository, userRepository(), apiJar(), sourceRoot());
        }
        Path buildLog = tmp.resolve("mvn.log");
        List<String> command = new ArrayList<>(List.of("mvn", "-o", "-q",
                "-Dmaven.repo.local=" + repository));
        command.addAll(List.of(goals));
        Process mvn = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(buildLog.toFile()).start();
        assertThat(mvn.waitFor()).as("%s of the template:\n%s", command, Files.readString(buildLog)).isZero();
    }

    private static Path userRepository() {
        Path repository = Path.of(System.getProperty("starfish.test.m2",
                System.getProperty("user.home") + "/.m2/repository"));
        assertThat(repository).as("the user's local Maven repository").isDirectory();
        return repository;
    }

    private Path apiJar() throws IOException {
        try (Stream<Path> lib = Files.list(dist.home().resolve("lib"))) {
            return lib.filter(p -> p.getFileName().toString().startsWith("starfish-plugin-api-")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no lib/starfish-plugin-api-*.jar in " + dist.home()));
        }
    }

    /** The source tree: the runtime module's parent, where the failsafe run starts. */
    private static Path sourceRoot() {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve("plugin-api/pom.xml")).as("the source tree's plugin API POM").isRegularFile();
        return root;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}

package dev.starfish.runtime.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin API's compatibility check (japicmp against {@code plugin-api/api-baseline}, in
 * {@code plugin-api/pom.xml}) on a scratch copy of the module: a change that would break a plugin
 * built against the published API fails the build naming it; an addition passes.
 */
class PluginApiCompatibilityIT {

    @TempDir
    Path tmp;

    @Test
    void anIncompatibleChangeFailsTheBuildAndAnAdditionPasses() throws IOException, InterruptedException {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve("plugin-api/api-baseline")).as("the published API the build compares with").isDirectory();
        Path copy = tmp.resolve("src");
        Files.createDirectories(copy);
        Files.copy(root.resolve("pom.xml"), copy.resolve("pom.xml"));
        copyTree(root.resolve("plugin-api"), copy.resolve("plugin-api"));

        Path added = copy.resolve("plugin-api/src/main/java/dev/starfish/api/AddedForTheTest.java");
        Files.writeString(added, "package dev.starfish.api;\npublic final class AddedForTheTest {\n"
                + "    private AddedForTheTest() {\n    }\n}\n");
        Build addition = build(copy);
        assertThat(addition.exitCode()).as("a new class is compatible:\n%s", addition.log()).isZero();

        Path shellQuote = copy.resolve("plugin-api/src/main/java/dev/starfish/api/ShellQuote.java");
        String source = Files.readString(shellQuote);
        assertThat(source).contains("    public static String join(");
        Files.writeString(shellQuote, source.replace("    public static String join(", "    static String join("));
        Build broken = build(copy);
        assertThat(broken.exitCode()).as("a public method made package-private:\n%s", broken.log()).isNotZero();
        assertThat(broken.log()).contains("There is at least one incompatibility: "
                + "dev.starfish.api.ShellQuote.join(java.util.List):METHOD_LESS_ACCESSIBLE");
    }

    private record Build(int exitCode, String log) {
    }

    private Build build(Path copy) throws IOException, InterruptedException {
        Path log = tmp.resolve("mvn.log");
        Process mvn = new ProcessBuilder("mvn", "-o", "-q", "-B", "-f", copy.resolve("plugin-api/pom.xml").toString(),
                "verify", "-DskipTests").redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int code = mvn.waitFor();
        return new Build(code, Files.readString(log));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.filter(p -> !p.startsWith(from.resolve("target"))).toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}

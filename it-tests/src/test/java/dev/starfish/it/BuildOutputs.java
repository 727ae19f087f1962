package dev.starfish.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the suite installs into its images, as the build hands it over in system properties
 * (see it-tests/pom.xml): the distribution tarball, the internal tools and the examples.
 */
final class BuildOutputs {

    /** Examples that must fail to compile; every other {@code examples/*.hlo} must compile. */
    static final List<String> BROKEN_EXAMPLES =
            List.of("bad_shape.hlo", "bad_syntax.hlo", "too_large.hlo", "unsupported_op.hlo");

    /** The tools an internal build adds to {@code starfish/bin/private}. */
    static final List<String> INTERNAL_TOOLS = List.of("nn_executor", "watchpoint_insert", "kgraph2dot");

    private BuildOutputs() {
    }

    static Path tarball() {
        return existing("starfish.it.tarball", "the distribution tarball",
                "build it with `mvn -DskipTests package` from the repository root");
    }

    static Path internalTools() {
        Path dir = existing("starfish.it.internal", "the internal tools directory",
                "the starfish-bin module builds nn_executor, watchpoint_insert and kgraph2dot there");
        for (String tool : INTERNAL_TOOLS) {
            if (!Files.isExecutable(dir.resolve(tool))) {
                throw new IllegalStateException("internal tool " + tool + " is missing: expected an executable "
                        + dir.resolve(tool) + " (built by the starfish-bin module)");
            }
        }
        return dir;
    }

    /** The assembled distribution directory the tarball was packed from ({@code runtime/target/starfish}). */
    static Path home() {
        return existing("starfish.it.distribution", "the assembled distribution",
                "build it with `mvn -DskipTests package` from the repository root");
    }

    /** The source tree's root, whose {@code pom.xml} and {@code plugin-api/pom.xml} {@code mvn install} publishes. */
    static Path sourceRoot() {
        return existing("starfish.it.sources", "the source tree", "expected the repository root");
    }

    /** The local Maven repository of the user running the build ({@code ~/.m2/repository}). */
    static Path userRepository() {
        return existing("starfish.it.m2", "the local Maven repository",
                "run `mvn -DskipTests install` once, so the template's plugins and libraries are there");
    }

    /** The example models that must compile, by file name, sorted. */
    static List<String> goodExamples() {
        Path dir = existing("starfish.it.examples", "the examples directory", "expected starfish-bin/examples");
        try (Stream<Path> files = Files.list(dir)) {
            List<String> good = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".hlo"))
                    .filter(n -> !BROKEN_EXAMPLES.contains(n)).sorted().toList();
            if (good.isEmpty()) {
                throw new IllegalStateException("no example models in " + dir);
            }
            return good;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path existing(String property, String what, String hint) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " (" + what + ") is not set;"
                    + " run the suite through Maven (it-tests/pom.xml sets it)");
        }
        Path path = Path.of(value).toAbsolutePath().normalize();
        if (!Files.exists(path)) {
            throw new IllegalStateException(what + " " + path + " does not exist: " + hint);
        }
        return path;
    }
}

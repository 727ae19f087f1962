package dev.starfish.runtime.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The local Maven repository a plugin author has after Starfish's {@code mvn install}: the
 * user's own repository (every entry linked, so the same plugins and libraries resolve
 * offline) with {@code dev/starfish} holding what {@code mvn install} writes for the plugin
 * API — its jar and POM, and the parent POM it names — taken from the distribution under
 * test and this source tree. The user's repository itself is never written to.
 */
final class AuthorRepository {

    private AuthorRepository() {
    }

    /** Builds the repository in {@code dir} and returns it. */
    static Path create(Path dir, Path userRepository, Path apiJar, Path sourceRoot) {
        String version = apiJar.getFileName().toString().replaceFirst("^starfish-plugin-api-", "")
                .replaceFirst("\\.jar$", "");
        try {
            Files.createDirectories(dir.resolve("dev"));
            linkEntries(userRepository, dir, "dev");
            linkEntries(userRepository.resolve("dev"), dir.resolve("dev"), "starfish");
            Path api = Files.createDirectories(dir.resolve("dev/starfish/starfish-plugin-api").resolve(version));
            Files.copy(apiJar, api.resolve("starfish-plugin-api-" + version + ".jar"));
            Files.copy(sourceRoot.resolve("plugin-api/pom.xml"), api.resolve("starfish-plugin-api-" + version + ".pom"));
            Path parent = Files.createDirectories(dir.resolve("dev/starfish/starfish-parent").resolve(version));
            Files.copy(sourceRoot.resolve("pom.xml"), parent.resolve("starfish-parent-" + version + ".pom"));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void linkEntries(Path from, Path to, String except) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> entries = Files.list(from)) {
            for (Path entry : entries.filter(e -> !e.getFileName().toString().equals(except)).toList()) {
                Files.createSymbolicLink(to.resolve(entry.getFileName().toString()), entry);
            }
        }
    }
}

package dev.starfish.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The image variants of the suite, each a checked-in folder
 * {@code src/test/resources/images/<variant>/} (a Dockerfile {@code FROM starfish-base:bookworm}
 * and the files it copies) plus the distribution tarball as {@code starfish.tar.gz}.
 *
 * <p>Each variant is built at most once per test JVM and shared by every suite that uses it. The
 * image stays, tagged {@code starfish-it/<variant>:latest} (another prefix with
 * {@code -Dstarfish.it.imagePrefix}, so builds of different trees on one engine never share a tag),
 * so the next run reuses its layers;
 * {@code .ci/test.sh} removes the builds a rerun superseded.
 * The base image exists locally, so the build never pulls: Testcontainers only inspects the
 * {@code FROM} image (found locally) and the engine's build does not pull an image it has.
 */
enum StarfishImage {
    /** The distribution as shipped. */
    DEFAULT,
    /** Plus nn_executor, watchpoint_insert and kgraph2dot in {@code starfish/bin/private}. */
    INTERNAL,
    /** Plus a marked {@code hlo2penguin} in {@code starfish/bin/private}. */
    OVERRIDE;

    private static final Map<StarfishImage, Future<String>> BUILT = new ConcurrentHashMap<>();

    /** The image, built on first use; pass it to a container. */
    Future<String> image() {
        return BUILT.computeIfAbsent(this, StarfishImage::define);
    }

    String folder() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static Future<String> define(StarfishImage variant) {
        ImageFromDockerfile image = new ImageFromDockerfile(System.getProperty("starfish.it.imagePrefix", "starfish-it")
                + "/" + variant.folder(), false)
                .withFileFromPath("starfish.tar.gz", BuildOutputs.tarball());
        Path folder = variant.resourceFolder();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                image.withFileFromPath(folder.relativize(file).toString(), file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (variant == INTERNAL) {
            image.withFileFromPath("internal", BuildOutputs.internalTools());
        }
        return image;
    }

    private Path resourceFolder() {
        String name = "/images/" + folder();
        URL url = StarfishImage.class.getResource(name + "/Dockerfile");
        if (url == null) {
            throw new IllegalStateException("image variant " + folder() + " has no Dockerfile: expected resource "
                    + name + "/Dockerfile under it-tests/src/test/resources");
        }
        try {
            return Path.of(url.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("resource " + url + " is not a file", e);
        }
    }
}
